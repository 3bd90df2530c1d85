import { RouterProvider, type RouterProviderProps } from 'react-router-dom';
import { AppProvider } from './provider';

/** The whole SPA. The router is passed in: the browser's in main.tsx, an in-memory one in the build's prerender. */
export function App({ router }: { router: RouterProviderProps['router'] }) {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
