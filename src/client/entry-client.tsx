import './styles.css';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import type { ClientState } from './entry-server';
import { createQueryClient } from './lib/query-client';
import { createRoutes } from './routes';

const state = JSON.parse(document.getElementById('__STATE__')?.textContent ?? '{}') as ClientState;
const queryClient = createQueryClient();
hydrate(queryClient, state.dehydrated);
const router = createBrowserRouter(createRoutes(queryClient), {
  hydrationData: { loaderData: state.loaderData },
});

hydrateRoot(
  document.getElementById('root')!,
  <StrictMode>
    <Providers queryClient={queryClient} site={state.site}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
