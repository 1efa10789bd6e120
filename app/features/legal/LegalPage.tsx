/** A legal document page: the title and the rendered Markdown body. */
export function LegalPage({ title, html }: { title: string; html: string }) {
  return (
    <article className="container legal-page" aria-labelledby="legal-title">
      <h1 id="legal-title">{title}</h1>
      <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
