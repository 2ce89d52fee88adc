import { describe, expect, it } from 'vitest';
import { compareAnnouncement, replyAnnouncement } from './announce';
import { diagramText } from './mermaid';

describe('replyAnnouncement', () => {
  it('speaks when a reply starts and how it ended, once each', () => {
    expect(replyAnnouncement(null, 'waiting', 'Claude')).toBe('Claude is replying…');
    expect(replyAnnouncement('complete', 'waiting', 'Claude')).toBe('Claude is replying…');
    expect(replyAnnouncement('waiting', 'streaming', 'Claude')).toBeNull();
    expect(replyAnnouncement('streaming', 'complete', 'Claude')).toBe('Claude finished replying.');
    expect(replyAnnouncement('streaming', 'stopped', 'Claude')).toBe('Claude stopped replying.');
    expect(replyAnnouncement('waiting', 'error', 'Claude')).toBe("Claude's reply was interrupted.");
  });

  it('stays quiet for a saved conversation that opens', () => {
    expect(replyAnnouncement(null, 'complete', 'Claude')).toBeNull();
    expect(replyAnnouncement('complete', 'complete', 'Claude')).toBeNull();
  });
});

describe('compareAnnouncement', () => {
  it('counts the columns that answered and names the ones that could not', () => {
    expect(compareAnnouncement([])).toBe('');
    expect(
      compareAnnouncement([
        { name: 'Claude', phase: 'complete' },
        { name: 'ChatGPT', phase: 'streaming' },
      ]),
    ).toBe('Replying: 1 of 2 models finished.');
    expect(
      compareAnnouncement([
        { name: 'Claude', phase: 'complete' },
        { name: 'ChatGPT', phase: 'error' },
        { name: 'Perplexity', phase: 'complete' },
      ]),
    ).toBe('All 3 models finished replying. ChatGPT could not reply.');
  });
});

describe('diagramText', () => {
  it("uses the diagram's own accTitle and accDescr", () => {
    expect(diagramText('graph TD\n  accTitle: Sales\n  accDescr: From idea to listing\n  A --> B')).toEqual({
      label: 'Sales',
      description: 'From idea to listing',
    });
  });

  it('falls back to the kind of diagram and points to its code', () => {
    const text = diagramText('%% a comment\nsequenceDiagram\n  A->>B: hi');
    expect(text.label).toBe('Sequence diagram');
    expect(text.description).toMatch(/Show code/);
    expect(diagramText('unknownThing\n  x').label).toBe('Diagram');
  });
});
