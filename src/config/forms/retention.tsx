/** How long form submissions are kept (the site's formRetentionDays), read by roles that read settings and changed by those that write them. */
import { useEffect, useState } from 'react';
import { okAnswer } from '../../contracts/common';
import { siteSettingsAnswer } from '../../contracts/site';
import { call } from '../shared/api';
import { Field } from '../../ui/field';
import { errorText, fieldErrorsOf, Messages } from '../shared/ui';
import { plural } from './shared';

export function RetentionSection({ writable }: { writable: boolean }) {
  const [days, setDays] = useState<string>();
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string>();
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    call(siteSettingsAnswer, 'GET', '/api/config/site').then(
      (s) => setDays(s.formRetentionDays === undefined ? '' : String(s.formRetentionDays)),
      (err: unknown) => setError(errorText(err)),
    );
  }, []);
  if (days === undefined) return <Messages error={error} />;
  return (
    <section aria-labelledby="retention-title">
      <h2 id="retention-title">Keeping submissions</h2>
      <form
        className="inline-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          setFieldError(undefined);
          setDone(null);
          const value = days.trim() === '' ? null : Number(days);
          call(okAnswer, 'PUT', '/api/config/site', { formRetentionDays: value }).then(
            () =>
              setDone(
                value === null
                  ? 'Saved. Submissions are kept until you delete them.'
                  : `Saved. Submissions older than ${plural(value, 'day', 'days')} are deleted.`,
              ),
            (err: unknown) => {
              setError(errorText(err));
              setFieldError(fieldErrorsOf(err).formRetentionDays);
            },
          );
        }}
      >
        <Field
          id="form-retention-days"
          label="Delete submissions after this many days"
          error={fieldError}
          hint="From 1 to 3650. Leave empty to keep submissions until you delete them."
        >
          {(props) => (
            <input
              {...props}
              type="number"
              min={1}
              max={3650}
              inputMode="numeric"
              value={days}
              disabled={!writable}
              onChange={(e) => setDays(e.target.value)}
            />
          )}
        </Field>
        {writable ? <button type="submit">Save</button> : null}
      </form>
      <Messages error={error} done={done} />
    </section>
  );
}
