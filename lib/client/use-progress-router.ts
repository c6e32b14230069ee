'use client';

import { useTopLoader } from 'nextjs-toploader';
import { useMemo } from 'react';
import { useRouter } from '@/lib/i18n/navigation';

type Router = ReturnType<typeof useRouter>;

/**
 * The locale-aware router, with the top progress bar started before programmatic navigation.
 * nextjs-toploader only notices link clicks; `router.push` alone would navigate without a bar.
 */
export function useProgressRouter(): Router {
  const router = useRouter();
  const loader = useTopLoader();
  return useMemo(
    () => ({
      ...router,
      push: (...args: Parameters<Router['push']>) => {
        loader.start();
        router.push(...args);
      },
      replace: (...args: Parameters<Router['replace']>) => {
        loader.start();
        router.replace(...args);
      },
    }),
    [router, loader],
  );
}
