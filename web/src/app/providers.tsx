import { ChakraProvider } from '@chakra-ui/react';
import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { Toaster } from '../components/toaster';
import { i18n } from '../i18n';
import { system } from '../theme/system';
import { useAppSelector } from './hooks';
import type { AppStore } from './store';

/** Light or dark follows the remembered choice (default: the system's), through the `dark` class Chakra reads. */
function ColorModeSync() {
  const mode = useAppSelector((s) => s.ui.colorMode);
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', mode === 'dark');
    root.classList.toggle('light', mode === 'light');
    root.style.colorScheme = mode;
  }, [mode]);
  return null;
}

export function Providers({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ChakraProvider value={system}>
          <ColorModeSync />
          {children}
          <Toaster />
        </ChakraProvider>
      </I18nextProvider>
    </Provider>
  );
}
