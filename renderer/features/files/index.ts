export { FilesView } from './FilesView';
export { refreshDrive } from './queries';
export type { ShareTarget } from './files-store';
export { copyFileLink } from './file-link';
