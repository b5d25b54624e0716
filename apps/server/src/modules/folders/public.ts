/** What other modules may use of the folders module: the folder tree, read and written (asset transfers copy it). */
export { descendantsOf, loadNodes, type SetNode } from './operations.js';
export { deleteSets, type FolderLink, folderChains, insertSet, updateSet } from './queries.js';
