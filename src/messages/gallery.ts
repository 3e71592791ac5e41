/**
 * Galleries (seed 001 §5, §8). `[{list}]`: the seed writes "[list]" for the list of designs; the
 * quotes around a name are ICU's doubled apostrophes, shown as one.
 */
export const gallery = {
  containerMissing: "No gallery ''{selector}'' container found.",
  designNotLoaded: "Design ''{name}'' not found. Currently loaded designs: [{list}].",
  designUnknown: 'These are not the gallery designs you are looking for. (We could not find a design by the name {name})',
  dataDecodeError: 'Error decoding gallery block data.',
  dataEvaluateError: 'Error evaluating gallery block data.',
  lightboxDefaultTitle: 'Gallery',
  videoLoaderMissing: 'VideoLoader not found',
  imageLoaderMissing: 'Loader2 not found',
} as const;
