export { FilesView } from './FilesView';
export { followFileRoutes, revealFile } from './file-route';
export { refreshDrive } from './queries';
export type { ShareTarget } from './files-store';
