export { FilesView } from './FilesView';
export { followFileRoutes, revealFile } from './file-route';
