import { defineRecipe } from '@chakra-ui/react';

/** The chat bubble: inbound (contact) on the left, outbound (agent or bot) on the right. */
export const messageBubbleRecipe = defineRecipe({
  className: 'message-bubble',
  base: {
    position: 'relative',
    maxWidth: { base: '85%', md: '65%' },
    borderRadius: 'lg',
    paddingLeft: '3',
    paddingRight: '7',
    paddingY: '2',
    boxShadow: 'xs',
    fontSize: 'sm',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    color: 'fg',
    '& a': { color: 'link.fg', textDecoration: 'underline' },
  },
  variants: {
    direction: {
      inbound: { bg: 'chat.inbound.bg', alignSelf: 'flex-start' },
      outbound: { bg: 'chat.outbound.bg', alignSelf: 'flex-end' },
    },
    deleted: {
      true: { fontStyle: 'italic', color: 'chat.meta' },
      false: {},
    },
  },
  defaultVariants: { direction: 'inbound', deleted: false },
});
