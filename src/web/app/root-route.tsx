import { Outlet, ScrollRestoration } from 'react-router';

/** Top of the route tree: scroll to top on new pages (and back to where you were on Back). */
export function RootRoute() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
