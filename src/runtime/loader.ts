/**
 * The island loader, inlined in every page that has an interactive block (a few hundred bytes).
 * It reads the kind -> chunk map the server wrote for this page, and imports a kind's chunk only
 * for the blocks present: at once, when the browser is idle, or when the block comes near the
 * viewport. A chunk's default export wakes one block's element; the element then carries
 * `data-island-ready`, the fact that its kind's code has run there (tests wait for it, not for time).
 *
 * An element naming a cookie (`data-cookie`) is woken only when the visitor has that cookie: the
 * cart indicator loads only for a visitor with a cart (its readable summary cookie), so a visitor
 * without one runs no commerce code. A chunk that fails to load is a console warning only (seed 000
 * §8, commerce code not loaded; §9, a failed script is logged only): the page works without it.
 *
 * Every byte here is in the visitor runtime's 8 KB (e2e/budgets.test.ts), so it is written small:
 * the map is there whenever the loader is (src/server/render/page.tsx writes both or neither), and
 * IntersectionObserver is in every browser the build targets (es2020).
 */
type Wake = { default: (el: HTMLElement) => void };

// The page's own map, found among the page's scripts: owner HTML may carry the same id, but is never a script.
const chunks = JSON.parse((document.scripts as unknown as Record<string, HTMLScriptElement>).islands!.textContent!) as Record<string, string>;

function wake(el: HTMLElement) {
  const url = chunks[el.dataset.island!];
  if (url) {
    import(/* @vite-ignore */ url).then(
      (mod: Wake) => {
        mod.default(el);
        el.dataset.islandReady = '';
      },
      (err: unknown) => console.warn('island failed to load', url, err),
    );
  }
}

for (const el of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const when = el.dataset.load;
  if (when === 'visible') {
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          wake(el);
        }
      },
      { rootMargin: '200px' },
    );
    io.observe(el);
  } else if (when === 'idle') {
    // Within 2 s however busy the page stays: an idle block must not wait for an idle that never comes.
    if ('requestIdleCallback' in window) requestIdleCallback(() => wake(el), { timeout: 2000 });
    else setTimeout(() => wake(el));
  } else if (document.cookie.match(el.dataset.cookie as string)) {
    // No cookie named: `match(undefined)` matches the empty string, so the element wakes.
    wake(el);
  }
}
