/** The files module's face: what other modules and the platform may use. */
export {
  deleteFileRows,
  insertFileRows,
  siteFileNames,
  siteFileRows,
  siteImageExists,
  updateFileDetails,
  type FileDetails,
  type FileRow,
  type NewFileRow,
} from './file-rows';
export { encodesRunning } from './images/image-pipeline';
export { readHead } from './images/sniff';
export {
  IMAGE_JOB_KINDS,
  copyOrQueueImageVariants,
  enqueueImageVariants,
  imageJobHandlers,
  variantDonor,
  type VariantDonor,
} from './images/variants-job';
export { startImageSweep } from './images/stuck-images';
export {
  FileRefusal,
  blobKey,
  fileBytes,
  fileSize,
  headerImageRefusals,
  moveStoredBytes,
  removeFileBlobs,
  siteFile,
} from './site-files';
export { storeUpload, storedFileColumns, type StoredUpload, type UploadDeps } from './uploads';
export { uploadFile } from './operations/upload-file';
