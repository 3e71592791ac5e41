/**
 * Form block markup, rendered on the server (seed 000 §3, §5, §9; seed 001 §3). Every field has a
 * real label; multi-part fields, choices and likert statements are fieldsets with legends; each
 * field has an error paragraph above its input, tied to it with aria-describedby, that the island
 * fills. The island (island.ts) collects values, validates, asks for a submission key and submits.
 *
 * Contract with the island: the <form> carries data-form-id; each field's wrapper carries
 * data-field-id, data-field-type and data-required; inputs are named by field id (parts carry
 * data-part, likert radios data-statement); a hidden field's input carries data-query-key.
 */
import { FIELD_PARTS, LIKERT_SCALE } from '../../domain/forms';
import { isPublishableLink } from '../../domain/links';
import { htmlForHost } from '../html';
import type { BlockViewProps } from '../types';
import type { FormField, StoredFormData } from './schema';
import { forms } from '../../messages/forms';

type Ids = { input: string; desc: string; error: string };

const idsFor = (blockId: string, fieldId: string): Ids => ({
  input: `${blockId}-${fieldId}`,
  desc: `${blockId}-${fieldId}-desc`,
  error: `${blockId}-${fieldId}-error`,
});

function described(field: FormField, ids: Ids) {
  return { 'aria-describedby': field.description ? `${ids.error} ${ids.desc}` : ids.error };
}

function Required({ on }: { on: boolean }) {
  return on ? (
    <span className="form-required" aria-hidden="true">
      {' '}
      *
    </span>
  ) : null;
}

function Description({ field, ids }: { field: FormField; ids: Ids }) {
  return field.description ? (
    <p className="form-field-description" id={ids.desc}>
      {field.description}
    </p>
  ) : null;
}

function ErrorText({ ids }: { ids: Ids }) {
  return <p className="form-field-error" id={ids.error} hidden />;
}

const PART_INPUT: Record<keyof typeof FIELD_PARTS, readonly { autoComplete?: string; inputMode?: 'numeric' | 'tel'; width: 'narrow' | 'wide' | 'medium' }[]> = {
  name: [
    { autoComplete: 'given-name', width: 'medium' },
    { autoComplete: 'family-name', width: 'medium' },
  ],
  address: [
    { autoComplete: 'address-line1', width: 'wide' },
    { autoComplete: 'address-line2', width: 'wide' },
    { autoComplete: 'address-level2', width: 'medium' },
    { autoComplete: 'address-level1', width: 'medium' },
    { autoComplete: 'postal-code', width: 'narrow' },
    { autoComplete: 'country-name', width: 'medium' },
  ],
  date: [
    { inputMode: 'numeric', width: 'narrow' },
    { inputMode: 'numeric', width: 'narrow' },
    { inputMode: 'numeric', width: 'narrow' },
  ],
  time: [{ inputMode: 'numeric', width: 'narrow' }, { inputMode: 'numeric', width: 'narrow' }, { inputMode: 'numeric', width: 'narrow' }, { width: 'narrow' }],
  phone: [
    { autoComplete: 'tel-country-code', inputMode: 'tel', width: 'narrow' },
    { autoComplete: 'tel-area-code', inputMode: 'tel', width: 'narrow' },
    { autoComplete: 'tel-local-prefix', inputMode: 'tel', width: 'narrow' },
    { autoComplete: 'tel-local-suffix', inputMode: 'tel', width: 'narrow' },
  ],
};

function Parts({ field, ids }: { field: Extract<FormField, { type: 'name' | 'address' | 'date' | 'time' | 'phone' }>; ids: Ids }) {
  const labels = FIELD_PARTS[field.type];
  // Seed 000 §9: the phone shows an optional +country, then area code, prefix and line.
  const shown = field.type === 'phone' && !field.showCountryCode ? [1, 2, 3] : labels.map((_, i) => i);
  return (
    <fieldset className="form-parts" {...described(field, ids)}>
      <legend>
        {field.label}
        <Required on={field.required} />
      </legend>
      <Description field={field} ids={ids} />
      <ErrorText ids={ids} />
      <div className="form-parts-row">
        {shown.map((i) => {
          const input = PART_INPUT[field.type][i]!;
          const partId = `${ids.input}-${i}`;
          if (field.type === 'time' && i === 3) {
            return (
              <p className={`form-part form-part-${input.width}`} key={i}>
                <label htmlFor={partId}>{labels[i]}</label>
                <select id={partId} name={field.id} data-part={i} defaultValue="">
                  <option value="">24-hour</option>
                  <option value="AM">AM</option>
                  <option value="PM">PM</option>
                </select>
              </p>
            );
          }
          return (
            <p className={`form-part form-part-${input.width}`} key={i}>
              <label htmlFor={partId}>{labels[i]}</label>
              <input
                id={partId}
                name={field.id}
                data-part={i}
                // Text with a telephone keyboard: the parts' autofill names (tel-area-code…) belong to text inputs, not to type=tel.
                type="text"
                {...(input.autoComplete ? { autoComplete: input.autoComplete } : {})}
                {...(input.inputMode ? { inputMode: input.inputMode } : {})}
                {...(field.type === 'phone' && i === 0 ? { placeholder: '+' } : {})}
              />
            </p>
          );
        })}
      </div>
    </fieldset>
  );
}

function Choices({ field, ids }: { field: Extract<FormField, { type: 'radio' | 'checkbox' }>; ids: Ids }) {
  return (
    <fieldset className="form-choices" {...described(field, ids)}>
      <legend>
        {field.label}
        <Required on={field.required} />
      </legend>
      <Description field={field} ids={ids} />
      <ErrorText ids={ids} />
      {field.options.map((option, i) => (
        <p className="form-choice" key={option}>
          <input id={`${ids.input}-${i}`} name={field.id} type={field.type} value={option} />
          <label htmlFor={`${ids.input}-${i}`}>{option}</label>
        </p>
      ))}
    </fieldset>
  );
}

function Likert({ field, ids }: { field: Extract<FormField, { type: 'likert' }>; ids: Ids }) {
  return (
    <fieldset className="form-likert" {...described(field, ids)}>
      <legend>
        {field.label}
        <Required on={field.required} />
      </legend>
      <Description field={field} ids={ids} />
      <ErrorText ids={ids} />
      {field.options.map((statement, s) => (
        <fieldset className="form-likert-statement" key={statement}>
          <legend>{statement}</legend>
          <div className="form-likert-scale">
            {LIKERT_SCALE.map(({ value, label }) => (
              <p className="form-choice" key={value}>
                <input id={`${ids.input}-${s}-${value}`} name={`${field.id}-${s}`} type="radio" value={String(value)} data-statement={statement} />
                <label htmlFor={`${ids.input}-${s}-${value}`}>{label}</label>
              </p>
            ))}
          </div>
        </fieldset>
      ))}
    </fieldset>
  );
}

function Single({
  field,
  ids,
  maxLengthOn,
}: {
  field: Extract<FormField, { type: 'text' | 'textarea' | 'email' | 'number' | 'currency' | 'select' }>;
  ids: Ids;
  maxLengthOn: boolean;
}) {
  const common = { id: ids.input, name: field.id, ...described(field, ids), ...(field.required ? { 'aria-required': true as const } : {}) };
  const placeholder = 'placeholder' in field && field.placeholder ? { placeholder: field.placeholder } : {};
  let control;
  if (field.type === 'textarea') {
    const max = maxLengthOn ? field.maxLength : undefined;
    control = (
      <>
        <textarea {...common} {...placeholder} rows={5} {...(max ? { 'data-max-length': max } : {})} />
        {max ? (
          <p className="form-counter" aria-live="polite">
            0 / {max}
          </p>
        ) : null}
      </>
    );
  } else if (field.type === 'select') {
    control = (
      <select {...common} defaultValue="">
        <option value="">Select an option</option>
        {field.options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  } else if (field.type === 'currency') {
    control = (
      <span className="form-currency">
        <span className="form-currency-symbol" aria-hidden="true">
          {field.currencySymbol}
        </span>
        <input {...common} type="text" inputMode="decimal" />
      </span>
    );
  } else {
    const asks = field.type === 'text' ? field.asks : undefined;
    const type = field.type === 'email' ? 'email' : asks === 'phone' ? 'tel' : 'text';
    const autoComplete = field.type === 'email' ? 'email' : asks === 'phone' ? 'tel' : asks === 'name' ? 'name' : undefined;
    control = (
      <input
        {...common}
        {...placeholder}
        type={type}
        {...(field.type === 'number' ? { inputMode: 'decimal' as const } : {})}
        {...(autoComplete ? { autoComplete } : {})}
      />
    );
  }
  return (
    <>
      <label htmlFor={ids.input}>
        {field.label}
        <Required on={field.required} />
      </label>
      <Description field={field} ids={ids} />
      <ErrorText ids={ids} />
      {control}
    </>
  );
}

function Field({ field, blockId, maxLengthOn }: { field: FormField; blockId: string; maxLengthOn: boolean }) {
  const ids = idsFor(blockId, field.id);
  if (field.type === 'hidden')
    return <input type="hidden" name={field.id} value={field.value} data-query-key={field.key} data-field-id={field.id} data-field-type="hidden" />;
  if (field.type === 'section') {
    return (
      <div className={`form-section${field.underline ? ' form-section-underline' : ''}`} data-field-id={field.id} data-field-type="section">
        <h3>{field.label}</h3>
        {field.description ? <p>{field.description}</p> : null}
      </div>
    );
  }
  let body;
  if (field.type === 'name' || field.type === 'address' || field.type === 'date' || field.type === 'time' || field.type === 'phone')
    body = <Parts field={field} ids={ids} />;
  else if (field.type === 'radio' || field.type === 'checkbox') body = <Choices field={field} ids={ids} />;
  else if (field.type === 'likert') body = <Likert field={field} ids={ids} />;
  else body = <Single field={field} ids={ids} maxLengthOn={maxLengthOn} />;
  return (
    <div
      className={`form-field form-field-${field.type}`}
      data-field-id={field.id}
      data-field-type={field.type}
      data-required={field.required ? 'true' : 'false'}
    >
      {body}
    </div>
  );
}

export function FormView({ id, data, ctx }: BlockViewProps<StoredFormData>) {
  const maxLengthOn = ctx.featureFlags.includes('form_textarea_max_length');
  const s = data.settings;
  return (
    <form
      className="block-form"
      data-form-id={data.formId}
      data-validate={s.disableValidation ? 'false' : 'true'}
      {...(s.redirectUrl && isPublishableLink(s.redirectUrl, ctx.host) ? { 'data-redirect': s.redirectUrl } : {})}
      {...(data.title ? { 'aria-label': data.title } : {})}
      noValidate
    >
      {data.title ? <h2 className="form-title">{data.title}</h2> : null}
      <p className="form-problem form-problem-above" role="alert" hidden />
      <div className="form-fields">
        {data.fields.map((field) => (
          <Field key={field.id} field={field} blockId={id} maxLengthOn={maxLengthOn} />
        ))}
      </div>
      {/* An invisible field people never fill: a submission that fills it is dropped quietly. */}
      <div className="form-honeypot" aria-hidden="true">
        <label htmlFor={`${id}-hp`}>{forms.honeypotLabel}</label>
        <input id={`${id}-hp`} name="op-hp" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      {/* Seed 001 §5: the captcha renders only when the site has a captcha key. */}
      {s.captcha && ctx.captcha ? (
        <div className="form-captcha" data-captcha-provider={ctx.captcha.provider} data-captcha-site-key={ctx.captcha.siteKey} />
      ) : null}
      {s.disclaimerHtml ? <div className="form-disclaimer" dangerouslySetInnerHTML={{ __html: htmlForHost(s.disclaimerHtml, ctx.host) }} /> : null}
      {/* The form-wide failure text (a status the seed names, no key, captcha not done); the two notices point to it and to the fields. */}
      <p className="form-submit-error" role="alert" hidden />
      <p className="form-problem form-problem-below" hidden />
      <button className="button button-primary button-medium form-submit" type="submit">
        {s.submitButtonText}
      </button>
      <div className="form-success" hidden tabIndex={-1}>
        <div className="form-submission-text" dangerouslySetInnerHTML={{ __html: htmlForHost(s.submissionHtml, ctx.host) }} />
        {s.postSubmitHtml ? <div className="form-post-submit" dangerouslySetInnerHTML={{ __html: htmlForHost(s.postSubmitHtml, ctx.host) }} /> : null}
      </div>
    </form>
  );
}
