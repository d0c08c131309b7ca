export { FilesView } from './FilesView';
