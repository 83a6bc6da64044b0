import { createToaster, Portal, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react';

/** The spec's durations: 4 s by default and for errors, 3 s for short success notes. */
export const TOAST_MS = 4000;
export const SHORT_TOAST_MS = 3000;

export const toaster = createToaster({ placement: 'top-end', pauseOnPageIdle: true, max: 5 });

type Kind = 'success' | 'error' | 'info' | 'warning';

/**
 * Shows a toast; the same text is not stacked while it is still on screen. The toast is added in a microtask: the
 * toaster renders it synchronously (`flushSync`), which React refuses while it is committing, as when a page's
 * effect calls this.
 */
export function notify(kind: Kind, title: string, duration: number = kind === 'success' ? SHORT_TOAST_MS : TOAST_MS) {
  const id = `${kind}:${title}`;
  queueMicrotask(() => {
    if (toaster.isVisible(id)) return;
    toaster.create({ id, type: kind, title, duration, closable: true });
  });
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid={`toast-${toast.type ?? 'info'}`}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
