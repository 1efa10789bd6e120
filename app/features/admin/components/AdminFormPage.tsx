/** The frame of the admin's single-form pages (/admin/lessons, /admin/announcements). */
import { Link } from "~/ui/router";
import type { ReactNode } from "react";

export function AdminFormPage({
  title,
  intro,
  formError,
  children,
}: {
  title: string;
  intro: string;
  formError?: string;
  children: ReactNode;
}) {
  return (
    <div className="container admin">
      <p className="admin__empty">
        <Link to="/admin">Admin</Link> / {title}
      </p>
      <h1>{title}</h1>
      <p className="admin__empty">{intro}</p>
      {formError ? (
        <p className="auth-form__error" role="alert">
          {formError}
        </p>
      ) : null}
      {children}
    </div>
  );
}
