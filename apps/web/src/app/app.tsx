import { createBrowserRouter, Outlet, RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import { routes } from './routes';

/*
 * A data router (rather than <BrowserRouter>), so that pages can hold navigation while they have unsaved
 * changes (`useBlocker`, see lib/use-unsaved-changes.ts). The providers sit in the root route, inside the router.
 */
const router = createBrowserRouter([
  {
    element: (
      <AppProviders>
        <Outlet />
      </AppProviders>
    ),
    children: routes,
  },
]);

export function App() {
  return <RouterProvider router={router} />;
}
