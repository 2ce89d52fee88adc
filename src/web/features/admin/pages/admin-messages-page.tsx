import { InboxIcon, RotateCwIcon } from 'lucide-react';
import { useState } from 'react';
import { withToast } from '@/lib/lazy-toast';
import type { ContactStatus } from '@shared/admin-audit';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Pager } from '../audit/components/pager';
import { type MessageFilter, useContactMessages } from '../messages/api/get-contact-messages';
import { useUpdateContactMessage } from '../messages/api/update-contact-message';
import { MessageItem } from '../messages/components/message-item';

const FILTERS: { value: MessageFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'new', label: 'New' },
  { value: 'read', label: 'Read' },
  { value: 'archived', label: 'Archived' },
];

const DONE: Record<ContactStatus, string> = {
  new: 'Marked as new',
  read: 'Marked as read',
  archived: 'Message archived',
};

/** /admin/messages: what visitors sent through the Contact Sales dialog. */
export function AdminMessagesPage() {
  const [status, setStatus] = useState<MessageFilter>('all');
  const [page, setPage] = useState(1);
  const messages = useContactMessages({ page, status });
  const update = useUpdateContactMessage();

  const changeStatus = (id: string, next: ContactStatus) =>
    update.mutate({ id, status: next }, { onSuccess: () => withToast((toast) => toast.success(DONE[next])) });

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Contact Messages</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Enquiries sent through Contact Sales. Reply by e-mail, then mark them read or archive them.
        </p>
      </div>
      <Tabs
        value={status}
        onValueChange={(value) => {
          setStatus(value as MessageFilter);
          setPage(1);
        }}
      >
        <TabsList className="grid w-full grid-cols-4 sm:inline-flex sm:w-auto">
          {FILTERS.map((filter) => (
            <TabsTrigger key={filter.value} value={filter.value}>
              {filter.label}
              {messages.data ? (
                <span className="ml-1 rounded-full bg-muted px-1.5 text-xs text-muted-foreground tabular-nums">
                  {messages.data.counts[filter.value]}
                </span>
              ) : null}
            </TabsTrigger>
          ))}
        </TabsList>
        {/* The list is the selected tab's panel, so the tab's aria-controls names an element that exists. */}
        <TabsContent value={status} className="mt-6 grid gap-6">
          {messages.isPending ? (
            <Card className="grid gap-4 p-6" aria-busy="true" aria-label="Loading messages">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-24" />
              ))}
            </Card>
          ) : messages.isError ? (
            <Alert variant="destructive">
              <AlertTitle>Failed to load messages</AlertTitle>
              <AlertDescription className="flex flex-wrap items-center gap-3">
                {messages.error.message || 'Please try refreshing the page'}
                <Button size="sm" variant="outline" onClick={() => void messages.refetch()}>
                  <RotateCwIcon aria-hidden />
                  Retry
                </Button>
              </AlertDescription>
            </Alert>
          ) : messages.data.messages.length === 0 ? (
            <Card className="flex flex-col items-center gap-3 px-6 py-16 text-center">
              <div className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
                <InboxIcon className="size-6" aria-hidden />
              </div>
              <p className="font-medium">{status === 'all' ? 'No messages yet' : `No ${status} messages`}</p>
              <p className="max-w-sm text-sm text-muted-foreground">
                Messages sent through the Contact Sales dialog on the site appear here.
              </p>
            </Card>
          ) : (
            <>
              <Card className="divide-y overflow-hidden" aria-busy={messages.isFetching}>
                {messages.data.messages.map((message) => (
                  <MessageItem
                    key={message.id}
                    message={message}
                    busy={update.isPending && update.variables?.id === message.id}
                    onStatus={(next) => changeStatus(message.id, next)}
                  />
                ))}
              </Card>
              <Pager pagination={messages.data.pagination} onPage={setPage} noun={['message', 'messages']} />
            </>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
