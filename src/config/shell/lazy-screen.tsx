/**
 * A config screen whose code loads the first time it is shown, a status line standing in for it
 * meanwhile. The config area starts with its shell and sign-in alone; each screen (and what only it
 * needs: its forms, its checks of what the server answers) is a chunk of its own.
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { configArea } from '../../messages/config-area';

export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>, loading: string = configArea.loading): (props: P) => ReactNode {
  const Loaded = lazy(async () => ({ default: await load() }));
  function LazyScreen(props: P) {
    return (
      <Suspense
        fallback={
          <p className="loading" role="status">
            {loading}
          </p>
        }
      >
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyScreen;
}
