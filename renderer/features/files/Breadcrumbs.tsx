import { useDropTarget } from './drag-drop';
import { myDriveRoot, placeLabel, type FileLocation, type FolderCrumb } from './model/places';

interface BreadcrumbsProps {
  location: FileLocation;
  /** Opens the place's own top (no folder), or a folder on the path. */
  onOpenPlace: () => void;
  onOpenCrumb: (index: number) => void;
}

function Crumb({
  crumb,
  label,
  current,
  onOpen,
  testId,
}: {
  crumb: FolderCrumb | null;
  label: string;
  current: boolean;
  onOpen: () => void;
  testId: string;
}) {
  const drop = useDropTarget(current ? null : crumb, { acceptUploads: true });
  return (
    <li className="breadcrumbs__item">
      {current ? (
        <h1 className="view__title breadcrumbs__current" aria-current="page" data-testid="files-current-folder">
          {label}
        </h1>
      ) : (
        <>
          <button
            type="button"
            className={`breadcrumbs__link${drop.active ? ' is-drop-target' : ''}`}
            onClick={onOpen}
            data-testid={testId}
            {...drop.handlers}
          >
            {label}
          </button>
          <span className="breadcrumbs__separator" aria-hidden="true">
            /
          </span>
        </>
      )}
    </li>
  );
}

/** The path from the place to the current folder; every ancestor takes dropped items and files. */
export function Breadcrumbs({ location, onOpenPlace, onOpenCrumb }: BreadcrumbsProps) {
  const { place, path } = location;
  const placeCrumb = place === 'myDrive' ? myDriveRoot : null;
  return (
    <nav aria-label="Folder path" data-testid="files-breadcrumbs" className="breadcrumbs-nav">
      <ol className="breadcrumbs">
        <Crumb
          crumb={placeCrumb}
          label={placeLabel(place)}
          current={path.length === 0}
          onOpen={onOpenPlace}
          testId={`breadcrumb-${place === 'myDrive' ? 'root' : place}`}
        />
        {path.map((crumb, index) => (
          <Crumb
            key={crumb.id}
            crumb={crumb}
            label={crumb.name}
            current={index === path.length - 1}
            onOpen={() => onOpenCrumb(index)}
            testId={`breadcrumb-${crumb.id}`}
          />
        ))}
      </ol>
    </nav>
  );
}
