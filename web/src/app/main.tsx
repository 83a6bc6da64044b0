import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Providers } from './providers';
import { createRouter } from './router';
import { SessionBootstrap } from './session-bootstrap';
import { makeStore } from './store';

const store = makeStore();
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers store={store}>
      <SessionBootstrap />
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
