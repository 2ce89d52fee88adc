import { useParams } from 'react-router';

/** A marketplace prompt's page at /marketplace/:id (id or slug). */
export function PromptPage() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight">{id}</h1>
    </div>
  );
}
