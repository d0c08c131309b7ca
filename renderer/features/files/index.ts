export { FilesView } from './FilesView';
export { followFileRoutes, revealFile } from './file-route';
export { refreshDrive } from './data/file-actions';
export type { ShareTarget } from './files-store';
