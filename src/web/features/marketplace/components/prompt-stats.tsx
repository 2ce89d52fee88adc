import { Download, Eye, Heart, Star } from 'lucide-react';
import type { PromptDetail } from '@shared/marketplace';
import { formatCount, formatNumber } from '@/lib/format';
import { StarRating } from './star-rating';

/** Rating, views, likes and downloads as the server counts them (views once per viewer per day). */
export function PromptStats({ prompt }: { prompt: PromptDetail }) {
  const { average, count } = prompt.analytics.rating;
  const items = [
    { key: 'views', icon: Eye, value: prompt.views, label: prompt.views === 1 ? 'view' : 'views' },
    { key: 'likes', icon: Heart, value: prompt.likes, label: prompt.likes === 1 ? 'like' : 'likes' },
    {
      key: 'downloads',
      icon: Download,
      value: prompt.analytics.downloads,
      label: prompt.analytics.downloads === 1 ? 'download' : 'downloads',
    },
  ];
  return (
    <dl className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted-foreground">
      <div className="flex items-center gap-2" data-testid="stat-rating">
        <dt className="sr-only">Rating</dt>
        <dd className="flex items-center gap-2">
          {count > 0 ? (
            <>
              <StarRating value={average} />
              <span className="font-semibold text-foreground">{average.toFixed(1)}</span>
              <a href="#reviews" className="underline-offset-4 hover:text-foreground hover:underline">
                {count === 1 ? '1 review' : `${formatNumber(count)} reviews`}
              </a>
            </>
          ) : (
            <span className="inline-flex items-center gap-1.5">
              <Star className="size-4" aria-hidden />
              No reviews yet
            </span>
          )}
        </dd>
      </div>
      {items.map(({ key, icon: Icon, value, label }) => (
        <div
          key={key}
          className="flex items-center gap-1.5"
          data-testid={`stat-${key}`}
          title={`${formatNumber(value)} ${label}`}
        >
          <dt className="sr-only">{label}</dt>
          <dd className="flex items-center gap-1.5">
            <Icon className="size-4" aria-hidden />
            <span className="font-medium text-foreground tabular-nums" data-testid={`stat-${key}-value`}>
              {formatCount(value)}
            </span>
            {label}
          </dd>
        </div>
      ))}
    </dl>
  );
}
