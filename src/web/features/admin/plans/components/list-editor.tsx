import { PlusIcon, XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { addItem } from '../lib/plan-form';

/** Features or limitations: add by button or Enter (not while blank), remove per item. */
export function ListEditor({
  label,
  placeholder,
  items,
  onChange,
  tone = 'positive',
}: {
  label: string;
  placeholder: string;
  items: string[];
  onChange: (items: string[]) => void;
  tone?: 'positive' | 'negative';
}) {
  const id = useId();
  const [text, setText] = useState('');
  const add = () => {
    if (!text.trim()) return;
    onChange(addItem(items, text));
    setText('');
  };
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={text}
          placeholder={placeholder}
          maxLength={200}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button
          type="button"
          variant="outline"
          onClick={add}
          disabled={!text.trim()}
          aria-label={`Add ${label.toLowerCase().replace(/s$/, '')}`}
        >
          <PlusIcon aria-hidden />
          Add
        </Button>
      </div>
      {items.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={label}>
          {items.map((item) => (
            <li
              key={item}
              className={
                tone === 'positive'
                  ? 'inline-flex items-center gap-1 rounded-full bg-primary/10 py-0.5 pr-1 pl-2.5 text-xs text-foreground'
                  : 'inline-flex items-center gap-1 rounded-full bg-muted py-0.5 pr-1 pl-2.5 text-xs text-muted-foreground'
              }
            >
              {item}
              <button
                type="button"
                className="grid size-5 cursor-pointer place-items-center rounded-full hover:bg-foreground/10 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                aria-label={`Remove ${item}`}
                onClick={() => onChange(items.filter((i) => i !== item))}
              >
                <XIcon className="size-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-muted-foreground">None yet.</p>
      )}
    </div>
  );
}
