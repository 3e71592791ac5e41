/**
 * Button block: a link styled as a button. The link must pass seed 000 §5's link rules; a link that
 * fails renders the button without a destination rather than a broken or unsafe one. The frame's
 * data attributes hold the rest of seed 000 §3's tracking payload for the island (island.ts).
 */
import { isPublishableLink } from '../../domain/links';
import type { BlockViewProps } from '../types';
import type { ButtonData } from './schema';

export function ButtonView({ id, data, ctx }: BlockViewProps<ButtonData>) {
  const ok = isPublishableLink(data.clickthroughUrl, ctx.host) && data.clickthroughUrl !== '';
  const className = `button button-${data.style} button-${data.size}`;
  return (
    <div
      className={`block-button align-${data.alignment}`}
      data-button-id={id}
      data-alignment={data.alignment}
      data-size={data.size}
      data-new-window={String(data.newWindow)}
    >
      {ok ? (
        <a className={className} href={data.clickthroughUrl} {...(data.newWindow ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {data.buttonText}
        </a>
      ) : (
        <span className={`${className} button-disabled`}>{data.buttonText}</span>
      )}
    </div>
  );
}
