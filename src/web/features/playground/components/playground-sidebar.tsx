import { SquarePenIcon } from 'lucide-react';
import type { ModelInfo, SessionSummary, Usage } from '@shared/playground';
import { Button } from '@/components/ui/button';
import { ModelPicker } from './model-picker';
import { PlanUsageCard } from './plan-usage-card';
import { RecentSessions } from './recent-sessions';

export interface PlaygroundSidebarProps {
  usage: { data: Usage | undefined; loading: boolean; failed: boolean; retry: () => void };
  fallbackPlan: string;
  isAdmin: boolean;
  model: string;
  onModelChange: (model: string) => void;
  models: readonly ModelInfo[];
  modelLocked: boolean;
  sessions: {
    data: readonly SessionSummary[] | undefined;
    loading: boolean;
    failed: boolean;
    retry: () => void;
  };
  activeSessionId: string | null;
  onOpenSession: (id: string) => void;
  onDeleteSession: (session: SessionSummary) => Promise<void>;
  onNewChat: () => void;
  newChatDisabled: boolean;
}

/** The left panel (a sheet on phones): plan and usage, the model, and the saved conversations. */
export function PlaygroundSidebar(props: PlaygroundSidebarProps) {
  return (
    <div className="flex h-full min-h-0 flex-col gap-5 p-4">
      <Button
        variant="outline"
        className="justify-start gap-2.5"
        onClick={props.onNewChat}
        disabled={props.newChatDisabled}
      >
        <SquarePenIcon aria-hidden />
        New chat
      </Button>
      <PlanUsageCard
        usage={props.usage.data}
        fallbackPlan={props.fallbackPlan}
        isAdmin={props.isAdmin}
        loading={props.usage.loading}
        failed={props.usage.failed}
        onRetry={props.usage.retry}
      />
      <ModelPicker
        value={props.model}
        onChange={props.onModelChange}
        models={props.models}
        disabled={props.modelLocked}
      />
      <RecentSessions
        models={props.models}
        sessions={props.sessions.data}
        loading={props.sessions.loading}
        failed={props.sessions.failed}
        onRetry={props.sessions.retry}
        activeId={props.activeSessionId}
        onOpen={props.onOpenSession}
        onDelete={props.onDeleteSession}
      />
    </div>
  );
}
