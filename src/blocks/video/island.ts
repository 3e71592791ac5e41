/**
 * The video block's behaviour (seed 001 §4; seed 000 §3 census event 21). Pressing the play button
 * (a real button: click, Enter or Space) puts the provider's player frame from `data-html` in
 * place and fades the poster out over 1 s: no request reaches the provider before that. Showing
 * one video returns every other to its poster: a Vimeo or YouTube frame is paused by message (the
 * only players spoken to that way) and resumed by message when played again; any other player is
 * removed, so it stops. A site file in the browser's own player pauses the others in the same way.
 * Each start records the census video event.
 */
import { PLAYER_ORIGINS, pauseMessage, type VideoProvider } from '../../domain/video';
import { CENSUS_EVENT_TYPES } from '../../domain/census';
import { recordHit } from '../../runtime/api';

type Player = { box: HTMLElement; stop: () => void };

const players = new Set<Player>();

/** Returns every video but `current` to its overlay. */
function showOnly(current: Player) {
  for (const player of players) if (player !== current) player.stop();
}

function playMessage(provider: VideoProvider): string | undefined {
  if (provider === 'youtube') return JSON.stringify({ event: 'command', func: 'playVideo', args: [] });
  if (provider === 'vimeo') return JSON.stringify({ method: 'play' });
  return undefined;
}

function embedded(box: HTMLElement): Player {
  const provider = box.dataset.provider as VideoProvider;
  const origin = PLAYER_ORIGINS[provider];
  const frame = () => box.querySelector<HTMLIFrameElement>('iframe');
  const player: Player = {
    box,
    stop() {
      if (!box.classList.contains('is-playing')) return;
      box.classList.remove('is-playing');
      const message = pauseMessage(provider);
      const current = frame();
      if (message && origin && current?.contentWindow) current.contentWindow.postMessage(message, origin);
      else current?.remove();
    },
  };
  const play = () => {
    showOnly(player);
    const current = frame();
    const message = playMessage(provider);
    if (current && message && origin) current.contentWindow?.postMessage(message, origin);
    else box.insertAdjacentHTML('beforeend', box.dataset.html ?? '');
    box.classList.add('is-playing');
    frame()?.focus();
    recordHit(CENSUS_EVENT_TYPES.VIDEO, { provider, title: frame()?.title ?? '' });
  };
  box.querySelector('.video-play')?.addEventListener('click', play);
  return player;
}

function native(box: HTMLElement, video: HTMLVideoElement): Player {
  const player: Player = { box, stop: () => video.pause() };
  video.addEventListener('play', () => {
    showOnly(player);
    recordHit(CENSUS_EVENT_TYPES.VIDEO, { provider: 'file', src: video.currentSrc });
  });
  return player;
}

export default function enhance(root: HTMLElement) {
  const box = root.querySelector<HTMLElement>('.video-box');
  if (!box) return;
  const video = box.querySelector('video');
  if (box.dataset.type === 'iframe') players.add(embedded(box));
  else if (video) players.add(native(box, video));
}
