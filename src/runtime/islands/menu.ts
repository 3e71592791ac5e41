/**
 * The header's menu on narrow screens (theme.css, under 800 px): a disclosure. Without JavaScript
 * the "Menu" link opens the panel (its `#site-menu` target) and "Close menu" closes it; this
 * island makes the link a button with `aria-expanded`, opening and closing the panel in place,
 * Escape closing it and giving focus back, and the page behind held still while it is open. It
 * loads when the button first comes into view, so wide screens, where it is hidden, never load it.
 */
export default function menu(toggle: HTMLElement): void {
  const panel = toggle.parentElement?.querySelector<HTMLElement>('.header-menu');
  if (!panel) return;
  const root = document.documentElement;
  const isOpen = () => toggle.getAttribute('aria-expanded') === 'true';
  const setOpen = (open: boolean, focusBack: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    panel.classList.toggle('is-open', open);
    root.classList.toggle('menu-open', open);
    if (open) panel.querySelector<HTMLElement>('a[href], button')?.focus();
    else if (focusBack) toggle.focus();
  };
  toggle.setAttribute('role', 'button');
  toggle.setAttribute('aria-expanded', 'false');
  toggle.addEventListener('click', (event) => {
    event.preventDefault();
    setOpen(!isOpen(), false);
  });
  // A button answers Space as well as Enter.
  toggle.addEventListener('keydown', (event) => {
    if (event.key !== ' ') return;
    event.preventDefault();
    setOpen(!isOpen(), false);
  });
  panel.querySelector('.menu-close')?.addEventListener('click', (event) => {
    event.preventDefault();
    setOpen(false, true);
  });
  // Before the page's other Escape handlers (the team sign-in), which see it handled.
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || !isOpen()) return;
      event.preventDefault();
      setOpen(false, true);
    },
    true,
  );
  // Opened before this island ran (the link's target): carry on with the panel open, in place.
  if (window.location.hash === `#${panel.id}`) {
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    setOpen(true, false);
  }
}
