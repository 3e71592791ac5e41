/**
 * Newsletter block markup (seed 000 §1; seed 001 §9): an email sign-up with an optional name. The
 * island (island.ts) submits it and shows the success text; under 320 px the block takes its small
 * layout (a container query, no JavaScript).
 */
import { htmlForHost } from '../html';
import type { BlockViewProps } from '../types';
import type { StoredNewsletterData } from './schema';
import { forms } from '../../messages/forms';

export function NewsletterView({ id, data, ctx }: BlockViewProps<StoredNewsletterData>) {
  return (
    <div className="block-newsletter">
      <form className="newsletter-form" data-list-id={data.listId} aria-labelledby={`${id}-title`} noValidate>
        <h2 className="newsletter-title" id={`${id}-title`}>
          {data.title}
        </h2>
        {data.description ? <p className="newsletter-description">{data.description}</p> : null}
        <p className="form-problem" role="alert" hidden />
        <div className="newsletter-fields">
          {data.askName ? (
            <p className="newsletter-field">
              <label htmlFor={`${id}-name`}>Name</label>
              <input id={`${id}-name`} name="name" type="text" autoComplete="name" />
            </p>
          ) : null}
          <p className="newsletter-field">
            <label htmlFor={`${id}-email`}>Email address</label>
            <input id={`${id}-email`} name="email" type="email" autoComplete="email" required aria-describedby={`${id}-email-error`} />
            <span className="form-field-error" id={`${id}-email-error`} hidden />
          </p>
          <div className="form-honeypot" aria-hidden="true">
            <label htmlFor={`${id}-hp`}>{forms.honeypotLabel}</label>
            <input id={`${id}-hp`} name="op-hp" type="text" tabIndex={-1} autoComplete="off" />
          </div>
          {data.captcha && ctx.captcha ? (
            <div className="form-captcha" data-captcha-provider={ctx.captcha.provider} data-captcha-site-key={ctx.captcha.siteKey} />
          ) : null}
          <button className="button button-primary button-medium newsletter-submit" type="submit">
            {data.buttonText}
          </button>
        </div>
        {data.disclaimerHtml ? (
          <div className="newsletter-disclaimer" dangerouslySetInnerHTML={{ __html: htmlForHost(data.disclaimerHtml, ctx.host) }} />
        ) : null}
        <p className="newsletter-success" role="status" hidden>
          {data.successText}
        </p>
      </form>
    </div>
  );
}
