/**
 * Video block (seed 001 §3, §4). A provider's video renders as its poster (copied into the site's
 * files when the address was saved) under a play button: the page makes no request to the
 * provider until the visitor presses play, when the island (island.ts) puts the player frame from
 * `data-html` in place (the lite-embed approach: privacy, and speed). The player address is built
 * here from the recognised video, never taken from the provider's answer: https always, YouTube
 * through its no-cookie host. A file of the site plays in the browser's own player. An address no
 * provider is recognised for shows the seed's invalid-embed message. The player's box is keyed by
 * the mode, so a mode change rebuilds the player (seed 001 §4) rather than restyling a playing one.
 */
import { escapeMarkup } from '../../domain/markup';
import { PROVIDER_NAMES, playerSrc, recogniseVideo, videoType } from '../../domain/video';
import { blocks } from '../../messages/blocks';
import { format } from '../../messages/format';
import { videoBlock } from '../../messages/video-block';
import type { BlockViewProps } from '../types';
import type { VideoData } from './schema';

function PlayIcon() {
  return (
    <svg className="video-play-icon" viewBox="0 0 68 68" aria-hidden="true" focusable="false">
      <circle cx="34" cy="34" r="34" />
      <path d="M27 21.5v25L47 34z" />
    </svg>
  );
}

export function VideoView({ data, ctx, priority }: BlockViewProps<VideoData>) {
  const mode = data.mode ?? 'none';
  const kind = videoType(data);
  const caption = data.caption ? <figcaption>{data.caption}</figcaption> : null;
  const className = `block-video video-mode-${mode}`;
  if (kind === 'object') {
    const file = ctx.files.get(data.file!.slice(3));
    return (
      <figure className={className}>
        <div className="video-stage">
          <div key={mode} className="video-box" data-type="object" data-provider-name="file">
            <video controls preload="none" playsInline loop={data.loop} poster={data.poster} title={data.title || undefined} className="video-native">
              <source src={data.file} {...(file ? { type: file.contentType } : {})} />
            </video>
          </div>
        </div>
        {caption}
      </figure>
    );
  }
  const video = data.url ? recogniseVideo(data.url) : undefined;
  if (!video) {
    // Seed 001 §4: an address no provider is recognised for; a custom poster says what to turn off.
    const message = !data.url && !data.file ? videoBlock.noVideo : data.poster ? blocks.videoCustomFeaturedImage : blocks.videoInvalidEmbed;
    return (
      <figure className={className}>
        <div className="video-stage">
          <div key={mode} className="video-box video-invalid" data-type="invalid">
            <p>{message}</p>
          </div>
        </div>
        {caption}
      </figure>
    );
  }
  const provider = PROVIDER_NAMES[video.provider];
  const embed = data.embed?.url === data.url ? data.embed : undefined;
  const title = data.title || embed?.title || videoBlock.untitled;
  const poster = data.poster ?? embed?.poster;
  const posterFile = poster ? ctx.files.get(poster.slice(3)) : undefined;
  const html = `<iframe src="${escapeMarkup(playerSrc(video))}" title="${escapeMarkup(title)}" allow="autoplay; fullscreen; picture-in-picture; encrypted-media" allowfullscreen class="video-frame"></iframe>`;
  return (
    <figure className={className}>
      <div className="video-stage">
        <div key={mode} className="video-box" data-type="iframe" data-provider-name={provider} data-provider={video.provider} data-html={html}>
          <div className="video-overlay">
            {poster ? (
              <img
                className="video-poster"
                src={poster}
                alt=""
                decoding="async"
                {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
                {...(posterFile?.width && posterFile.height ? { width: posterFile.width, height: posterFile.height } : {})}
              />
            ) : null}
            <button type="button" className="video-play" aria-label={format(videoBlock.play, { title })}>
              <PlayIcon />
            </button>
            <span className="video-provider" aria-hidden="true">
              {provider}
            </span>
            <noscript>
              <a className="video-watch" href={data.url}>
                {format(videoBlock.watchOn, { provider })}
              </a>
            </noscript>
          </div>
        </div>
      </div>
      {caption}
    </figure>
  );
}
