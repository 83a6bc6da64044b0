import { defineSemanticTokens, defineTokens } from '@chakra-ui/react';

/** Raw colours live here and only here; components use the semantic tokens below. */
export const tokens = defineTokens({
  colors: {
    brand: {
      50: { value: '#e6f4f1' },
      100: { value: '#c2e4dc' },
      300: { value: '#5fbfa7' },
      500: { value: '#128c7e' },
      600: { value: '#0e7266' },
      700: { value: '#075e54' },
      900: { value: '#053f38' },
    },
    chatBg: {
      light: { value: '#efeae2' },
      dark: { value: '#0b141a' },
    },
    bubble: {
      outLight: { value: '#d9fdd3' },
      outDark: { value: '#005c4b' },
      inLight: { value: '#ffffff' },
      inDark: { value: '#202c33' },
    },
    tick: { read: { value: '#53bdeb' } },
  },
  sizes: {
    drawer: { value: '320px' },
    drawerCollapsed: { value: '64px' },
    topbar: { value: '56px' },
    listPane: { value: '420px' },
    notesMax: { value: '200px' },
    popoverMax: { value: '350px' },
  },
  breakpoints: {},
});

export const semanticTokens = defineSemanticTokens({
  colors: {
    'app.bg': { value: { base: '{colors.gray.50}', _dark: '{colors.gray.950}' } },
    'app.topbar': { value: { base: '{colors.brand.700}', _dark: '{colors.gray.900}' } },
    'app.topbarFg': { value: { base: '{colors.white}', _dark: '{colors.gray.100}' } },
    'app.drawer': { value: { base: '{colors.white}', _dark: '{colors.gray.900}' } },
    'app.selected': { value: { base: '{colors.brand.50}', _dark: '{colors.gray.800}' } },
    'chat.bg': { value: { base: '{colors.chatBg.light}', _dark: '{colors.chatBg.dark}' } },
    'chat.outbound.bg': { value: { base: '{colors.bubble.outLight}', _dark: '{colors.bubble.outDark}' } },
    'chat.inbound.bg': { value: { base: '{colors.bubble.inLight}', _dark: '{colors.bubble.inDark}' } },
    'chat.divider': { value: { base: '{colors.blue.50}', _dark: '{colors.gray.800}' } },
    'chat.marker': { value: { base: '{colors.gray.200}', _dark: '{colors.gray.700}' } },
    'chat.quote': { value: { base: '{colors.blackAlpha.100}', _dark: '{colors.whiteAlpha.100}' } },
    'chat.meta': { value: { base: '{colors.gray.500}', _dark: '{colors.gray.400}' } },
    'tick.read': { value: '{colors.tick.read}' },
    'tick.unread': { value: { base: '{colors.gray.500}', _dark: '{colors.gray.400}' } },
    'status.open': { value: { base: '{colors.green.600}', _dark: '{colors.green.400}' } },
    'status.pending': { value: { base: '{colors.orange.500}', _dark: '{colors.orange.300}' } },
    'status.closed': { value: { base: '{colors.gray.500}', _dark: '{colors.gray.400}' } },
    'queue.none': { value: { base: '{colors.gray.400}', _dark: '{colors.gray.600}' } },
    'badge.alert': { value: { base: '{colors.red.500}', _dark: '{colors.red.400}' } },
    'link.fg': { value: { base: '{colors.blue.600}', _dark: '{colors.blue.300}' } },
  },
});
