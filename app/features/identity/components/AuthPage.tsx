import type { ReactNode } from "react";

/** An auth form as a whole page (the modal's no-JavaScript landing place after a failed post). */
export function AuthPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="container auth-page" aria-labelledby="auth-title">
      <h1 id="auth-title">{title}</h1>
      {children}
    </section>
  );
}
