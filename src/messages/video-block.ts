/**
 * The video block (seed 001 §4, §8): its play control, what a block without a video says, and the
 * editor's messages when a video's address is saved and its description (oEmbed) is fetched. The
 * seed's two invalid-embed messages are in ./blocks.ts.
 */
export const videoBlock = {
  play: 'Play video: {title}',
  untitled: 'Video',
  watchOn: 'Watch on {provider}',
  noVideo: 'No video chosen yet.',
  lookupTimeout: '{provider} did not answer within {seconds} seconds, so the video’s title and poster could not be fetched. Try saving again.',
  lookupTooLarge: '{provider} answered with more than {kilobytes} KB, which is not a video description. Check the address.',
  lookupMalformed: '{provider} did not answer with a video description. Check that the address is a public video.',
  lookupRefused: '{provider} could not give this video (status {status}). Check that the address is right and the video is public.',
  lookupUnreachable: '{provider} could not be reached, so the video’s title and poster could not be fetched. Try saving again.',
} as const;
