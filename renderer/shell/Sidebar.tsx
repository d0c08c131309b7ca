import { useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { narrowQuery, useMediaQuery } from '../lib/media';
import { openCommandPalette, paletteShortcut } from './CommandPalette';
import { commandKeyShortcut } from '../lib/platform';
import { Navigation } from './Navigation';
import { useViewStore, views } from './views';

/**
 * The app's sidebar. Wide windows show it whole; below 1100 px it is a rail of icons (styles/shell.css);
 * at 800 px and below it leaves the layout and a menu button in a top bar opens it as a drawer over the view.
 * The drawer is the same element, so what it holds (the accounts corner's listeners) stays mounted.
 */
export function Sidebar({ children }: { children: ReactNode }) {
  const narrow = useMediaQuery(narrowQuery);
  const [open, setOpen] = useState(false);
  const current = useViewStore((state) => state.current);
  const label = views.find((view) => view.id === current)?.label ?? '';
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);
  const drawerOpen = narrow && open;

  // Widening the window past the drawer's width closes it; so does choosing a view (even the one shown).
  useEffect(() => setOpen(false), [current, narrow]);

  useEffect(() => {
    if (!drawerOpen) return;
    // While the drawer is open the rest of the window is inert: Tab stays in the drawer.
    const others = [...document.querySelectorAll<HTMLElement>('[data-shell-outside-drawer]')];
    for (const element of others) element.inert = true;
    const links = drawer.current?.querySelectorAll<HTMLElement>('.nav__link');
    ([...(links ?? [])].find((link) => link.getAttribute('aria-current') === 'page') ?? links?.[0])?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.querySelector('[role="dialog"]')) {
        event.preventDefault();
        setOpen(false);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    const button = menuButton.current;
    return () => {
      for (const element of others) element.inert = false;
      document.removeEventListener('keydown', onKeyDown);
      button?.focus();
    };
  }, [drawerOpen]);

  return (
    <>
      <header className="topbar" data-shell-outside-drawer="" data-testid="topbar">
        <button
          ref={menuButton}
          type="button"
          className="button button--ghost button--icon topbar__menu"
          aria-label="Menu"
          aria-expanded={drawerOpen}
          aria-controls="app-sidebar"
          onClick={() => setOpen(true)}
          data-testid="sidebar-menu"
        >
          <svg
            viewBox="0 0 24 24"
            width="20"
            height="20"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            aria-hidden="true"
          >
            <path d="M4 7h16M4 12h16M4 17h16" />
          </svg>
        </button>
        <span className="sidebar__logo" aria-hidden="true">
          A
        </span>
        <span className="topbar__title">{label}</span>
      </header>
      {drawerOpen ? (
        <div
          className="sidebar-backdrop"
          aria-hidden="true"
          onClick={() => setOpen(false)}
          data-testid="sidebar-backdrop"
        />
      ) : null}
      <aside
        ref={drawer}
        id="app-sidebar"
        className={`sidebar${drawerOpen ? ' is-open' : ''}`}
        aria-label="Sidebar"
        data-testid="sidebar"
        onClick={(event) => {
          if (event.target instanceof Element && event.target.closest('.nav__link')) setOpen(false);
        }}
      >
        <div className="sidebar__brand">
          <span className="sidebar__logo" aria-hidden="true">
            A
          </span>
          <span className="sidebar__name">Atrium</span>
          {narrow ? (
            <button
              type="button"
              className="button button--ghost button--icon sidebar__close"
              aria-label="Close menu"
              onClick={() => setOpen(false)}
              data-testid="sidebar-close"
            >
              ×
            </button>
          ) : null}
        </div>
        <button
          type="button"
          className="nav__link sidebar__search"
          aria-label="Search"
          aria-keyshortcuts={commandKeyShortcut('K')}
          data-tip={`Search and commands (${paletteShortcut})`}
          onClick={() => {
            // The drawer closes first and gives the focus back to its menu button, where the palette returns it.
            flushSync(() => setOpen(false));
            openCommandPalette();
          }}
          data-testid="open-command-palette"
        >
          <svg
            className="nav__icon"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            aria-hidden="true"
          >
            <path d="m20 20-4.2-4.2M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Z" />
          </svg>
          {/* Named by what it shows, also in the rail where the words are hidden; the shortcut is told by aria-keyshortcuts. */}
          <span className="nav__label">Search</span>
          {/* The keys are drawn by CSS from data-keys, so they are not read as part of the button's name. */}
          <kbd className="sidebar__kbd nav__label" data-keys={paletteShortcut} aria-hidden="true" />
        </button>
        <Navigation />
        {children}
      </aside>
    </>
  );
}
