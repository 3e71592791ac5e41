/**
 * The form that adds a page listing other things at an address of its own (a blog, a shop): its
 * title and its address, sent with `send`, which answers the message to show once it is added.
 * Refused fields show the server's message beside them.
 */
import { useState, type FormEvent } from 'react';
import { Field } from '../../ui/field';
import { Messages, useSave } from './ui';

export function AddListingForm(props: {
  id: string;
  className: string;
  heading: string;
  titleLabel: string;
  addressLabel: string;
  addressHint: string;
  button: string;
  initial: { title: string; path: string };
  send: (body: { title: string; path: string }) => Promise<string>;
  onAdded: (message: string) => void;
}) {
  const [title, setTitle] = useState(props.initial.title);
  const [path, setPath] = useState(props.initial.path);
  const { error, fieldErrors, busy, save } = useSave('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    let added = '';
    save(
      () => props.send({ title, path }).then((message) => (added = message)),
      () => props.onAdded(added),
    );
  };
  return (
    <form className={props.className} aria-labelledby={props.id} onSubmit={submit} noValidate>
      <h2 id={props.id}>{props.heading}</h2>
      <Messages error={error} />
      <Field label={props.titleLabel} error={fieldErrors.title}>
        {(c) => <input {...c} value={title} onChange={(e) => setTitle(e.target.value)} required />}
      </Field>
      <Field label={props.addressLabel} error={fieldErrors.path} hint={props.addressHint}>
        {(c) => <input {...c} value={path} onChange={(e) => setPath(e.target.value)} required />}
      </Field>
      <button type="submit" disabled={busy}>
        {props.button}
      </button>
    </form>
  );
}
