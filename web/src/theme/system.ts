import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';
import { messageBubbleRecipe } from './recipes/message-bubble';
import { countBadgeRecipe } from './recipes/status-badge';
import { semanticTokens, tokens } from './tokens';

const config = defineConfig({
  globalCss: {
    'html, body, #root': { height: '100%' },
    body: { bg: 'app.bg', color: 'fg' },
  },
  theme: {
    tokens,
    semanticTokens,
    recipes: { messageBubble: messageBubbleRecipe, countBadge: countBadgeRecipe },
  },
});

export const system = createSystem(defaultConfig, config);
