/** The files module's face: what other modules and the platform may use. */
export {
  deleteFileRows,
  insertFileRows,
  libraryImageNames,
  fileNamed,
  privateFileExists,
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
export { storeUpload, storedFileColumns, type StoredUpload, type Upload, type UploadDeps } from './uploads';
export { acceptUploads, uploadOf } from './upload-body';
export { uploadFile } from './operations/upload-file';
