import type { FolderCrumb } from './folder-path';

interface BreadcrumbsProps {
  path: readonly FolderCrumb[];
  onOpen: (crumb: FolderCrumb) => void;
}

export function Breadcrumbs({ path, onOpen }: BreadcrumbsProps) {
  return (
    <nav aria-label="Folder path" data-testid="files-breadcrumbs">
      <ol className="breadcrumbs">
        {path.map((crumb, index) => {
          const isCurrent = index === path.length - 1;
          return (
            <li key={crumb.id} className="breadcrumbs__item">
              {isCurrent ? (
                <h1 className="view__title breadcrumbs__current" aria-current="page" data-testid="files-current-folder">
                  {crumb.name}
                </h1>
              ) : (
                <>
                  <button type="button" className="breadcrumbs__link" onClick={() => onOpen(crumb)} data-testid={`breadcrumb-${crumb.id}`}>
                    {crumb.name}
                  </button>
                  <span className="breadcrumbs__separator" aria-hidden="true">
                    /
                  </span>
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
