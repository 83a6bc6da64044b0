import { defineRecipe } from '@chakra-ui/react';

/** The small count badge on the ticket tabs and list items. */
export const countBadgeRecipe = defineRecipe({
  className: 'count-badge',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minWidth: '5',
    height: '5',
    paddingX: '1.5',
    borderRadius: 'full',
    fontSize: 'xs',
    fontWeight: 'bold',
    color: 'white',
  },
  variants: {
    tone: {
      unread: { bg: 'status.open' },
      pending: { bg: 'status.pending' },
      alert: { bg: 'badge.alert' },
    },
  },
  defaultVariants: { tone: 'unread' },
});
