import { NavIcon } from './NavIcon';
import { useViewStore, views } from './views';

/**
 * Left navigation: real buttons in a list, so Tab/Enter/Space work; the current view has aria-current.
 * When the sidebar is a rail of icons, each button's name shows as a tooltip on hover and focus.
 */
export function Navigation() {
  const current = useViewStore((state) => state.current);
  const show = useViewStore((state) => state.show);
  return (
    <nav aria-label="Main">
      <ul className="nav">
        {views.map((view) => (
          <li key={view.id}>
            <button
              type="button"
              className="nav__link"
              aria-current={current === view.id ? 'page' : undefined}
              onClick={() => show(view.id)}
              aria-label={view.label}
              data-tip={view.label}
              data-testid={`nav-${view.id}`}
            >
              <NavIcon view={view.id} />
              <span className="nav__label">{view.label}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
