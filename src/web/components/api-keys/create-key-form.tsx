import { LoaderCircleIcon, PlusIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  API_KEY_EXPIRY_DAYS,
  API_KEY_SCOPES,
  API_KEY_SCOPE_LABELS,
  type ApiKeyCreateInput,
  type ApiKeyCreated,
  ApiKeyCreateSchema,
  type ApiKeyScope,
} from '@shared/api-keys';
import { Field, describedBy } from '@/components/ui/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { showErrorToast } from '@/lib/error-toast';
import { type FieldErrors, hasErrors, schemaFieldErrors, serverFieldErrors } from '@/lib/field-errors';

/** The mutation that makes a key: a user's own (api-keys) or a team's (teams). */
export interface KeyCreator<T extends ApiKeyCreated> {
  mutate: (
    body: ApiKeyCreateInput,
    callbacks: { onSuccess: (created: T) => void; onError: (err: unknown) => void },
  ) => void;
  isPending: boolean;
}

const FIELDS = ['name', 'scopes', 'expiresInDays'] as const;
type KeyField = (typeof FIELDS)[number];

/** Name, scopes and expiry of a new key; hands the created key (with its token) to `onCreated`. */
export function CreateKeyForm<T extends ApiKeyCreated>({
  create,
  onCreated,
  label = 'Create an API key',
  scopeDescriptions,
}: {
  create: KeyCreator<T>;
  onCreated: (created: T) => void;
  label?: string;
  /** What each scope gives, when it is not a user's own key's (a team's key). */
  scopeDescriptions?: Record<ApiKeyScope, string>;
}) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['library:read']);
  const [expiresInDays, setExpiresInDays] = useState<number>(90);
  const [errors, setErrors] = useState<FieldErrors<KeyField>>({});
  const nameId = useId();
  const scopesId = useId();
  const expiryId = useId();

  const toggle = (scope: ApiKeyScope, on: boolean) => {
    setScopes((list) => (on ? [...list, scope] : list.filter((s) => s !== scope)));
    setErrors((e) => ({ ...e, scopes: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name, scopes, expiresInDays };
    const found = schemaFieldErrors(ApiKeyCreateSchema, body, FIELDS);
    setErrors(found);
    if (hasErrors(found)) return;
    create.mutate(body, {
      onSuccess: (created) => {
        setName('');
        onCreated(created);
      },
      onError: (err) => {
        const fromServer = serverFieldErrors(err, FIELDS);
        if (hasErrors(fromServer)) setErrors(fromServer);
        else showErrorToast(err, { title: 'Error', description: 'Failed to create the API key' });
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label={label}>
      <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <Field id={nameId} label="Name" error={errors.name} hint="Where you will use it, e.g. Claude Desktop">
          <Input
            value={name}
            maxLength={60}
            onChange={(e) => {
              setName(e.target.value);
              setErrors((x) => ({ ...x, name: undefined }));
            }}
            disabled={create.isPending}
            {...describedBy(nameId, errors.name, true)}
          />
        </Field>
        <Field id={expiryId} label="Expires in" error={errors.expiresInDays}>
          <NativeSelect
            id={expiryId}
            value={expiresInDays}
            onChange={(e) => setExpiresInDays(Number(e.target.value))}
            disabled={create.isPending}
          >
            {API_KEY_EXPIRY_DAYS.map((days) => (
              <option key={days} value={days}>
                {days === 365 ? '1 year' : `${days} days`}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <ScopesFieldset
        id={scopesId}
        scopes={scopes}
        error={errors.scopes}
        disabled={create.isPending}
        onToggle={toggle}
        descriptions={scopeDescriptions}
      />
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden />
          ) : (
            <PlusIcon aria-hidden />
          )}
          Create key
        </Button>
      </div>
    </form>
  );
}

function ScopesFieldset({
  id,
  scopes,
  error,
  disabled,
  onToggle,
  descriptions,
}: {
  id: string;
  scopes: ApiKeyScope[];
  error: string | undefined;
  disabled: boolean;
  onToggle: (scope: ApiKeyScope, on: boolean) => void;
  descriptions?: Record<ApiKeyScope, string>;
}) {
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium">Scopes</legend>
      {API_KEY_SCOPES.map((scope) => (
        <label
          key={scope}
          className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm has-[:checked]:border-primary/60 has-[:checked]:bg-primary/5"
        >
          <input
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-(--color-primary)"
            checked={scopes.includes(scope)}
            onChange={(e) => onToggle(scope, e.target.checked)}
            disabled={disabled}
          />
          <span className="grid min-w-0 gap-0.5">
            <span className="font-medium">
              {API_KEY_SCOPE_LABELS[scope].title}{' '}
              <code className="text-xs font-normal text-muted-foreground">{scope}</code>
            </span>
            <span className="text-muted-foreground">
              {descriptions?.[scope] ?? API_KEY_SCOPE_LABELS[scope].description}
            </span>
          </span>
        </label>
      ))}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
