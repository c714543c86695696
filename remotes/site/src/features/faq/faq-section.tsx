import type { PageKey } from '@croft/contracts';
import { Accordion, Spinner } from '@croft/ui';
import type { ContentClient } from '@croft/api-client';
import { useFaq } from './api/get-faq';
import './faq-section.css';

export function FaqSection({ page, client }: { page: PageKey; client?: ContentClient }) {
  const state = useFaq(page, client);
  if (state.status === 'ready' && state.items.length === 0) return null;
  return (
    <section className="site-faq" aria-labelledby={`faq-${page}`}>
      <h2 id={`faq-${page}`} className="site-faq__title">
        Questions, answered
      </h2>
      {state.status === 'loading' ? (
        <div className="site-faq__loading">
          <Spinner label="Loading questions" />
        </div>
      ) : (
        <Accordion items={state.items.map((row) => ({ id: row.id, title: row.question, content: row.answer }))} />
      )}
    </section>
  );
}
