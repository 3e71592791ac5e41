/** The checkout module's face: what other modules and the platform may use. */
export { DOWNLOAD_LINK_DAYS, downloadLink, downloadLinks, downloadTokens, openDownload, type OpenedDownload } from './downloads';
