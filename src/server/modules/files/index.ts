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
  startImageSweep,
  variantDonor,
  type VariantDonor,
} from './images/variants-job';
export {
  FileRefusal,
  blobKey,
  fileBytes,
  fileSize,
  headerImageRefusals,
  moveStoredBytes,
  removeFileBlobs,
  storeUpload,
  storedFileColumns,
  type StoredUpload,
  type UploadDeps,
} from './site-files';
export { videoEmbedStep, type VideoEmbedOptions } from './video-embeds';
