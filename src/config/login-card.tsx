/** The card every screen before signing in is: the page's only form, headed by its title, which names it. */
import type { ReactNode } from 'react';

export function LoginCard(props: { titleId: string; title: ReactNode; noValidate?: boolean; onSubmit: () => void; children: ReactNode }) {
  return (
    <main className="login">
      <form
        className="login-card"
        aria-labelledby={props.titleId}
        noValidate={props.noValidate}
        onSubmit={(e) => {
          e.preventDefault();
          props.onSubmit();
        }}
      >
        <h1 id={props.titleId}>{props.title}</h1>
        {props.children}
      </form>
    </main>
  );
}
