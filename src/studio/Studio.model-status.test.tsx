import { render, cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { ModelUnavailableError } from '../index.js';
import { Studio } from './Studio.js';
import { createMemoryStudio } from './test-support/memory-studio.js';
import { createScriptedModel } from './test-support/scripted-model.js';
import { STUDIO_FILES } from './test-support/studio-fixtures.js';
import { settle, waitForFrame } from './test-support/wait-for-frame.js';

afterEach(() => {
  cleanup();
});

describe('Studio: model and tokens', () => {
  it('shows the estimate at once, then the vendor count when the model can count', async () => {
    const model = createScriptedModel({ answers: [], countTokens: 1234 });
    const memory = createMemoryStudio({ files: { ...STUDIO_FILES }, model });
    const app = render(<Studio dependencies={memory.dependencies} settings={memory.settings} size={{ columns: 100, rows: 24 }} />);
    await waitForFrame(app.lastFrame, /~\d+ tokens \(estimate; counting…\)/);
    await waitForFrame(app.lastFrame, '1,234 tokens (counted)');
  });

  it("passes --provider, --model and --base-url to createModel, and the profile's llm.model otherwise", async () => {
    const memory = createMemoryStudio({
      files: { ...STUDIO_FILES, 'profiles/alpha.yaml': `${STUDIO_FILES['profiles/alpha.yaml'] ?? ''}`.replace('llm:', 'llm:\n  model: profile-model') },
      model: createScriptedModel({ answers: [] }),
    });
    const app = render(<Studio dependencies={memory.dependencies} settings={memory.settings} />);
    await waitForFrame(app.lastFrame, 'gemini/scripted-model');
    expect(memory.modelRequests.at(-1)).toMatchObject({ model: 'profile-model' });

    const flagged = createMemoryStudio({
      files: { ...STUDIO_FILES },
      model: createScriptedModel({ answers: [] }),
      settings: { provider: 'openai', model: 'flag-model', baseUrl: 'http://127.0.0.1:9' },
    });
    const second = render(<Studio dependencies={flagged.dependencies} settings={flagged.settings} />);
    await waitForFrame(second.lastFrame, 'gemini/scripted-model');
    expect(flagged.modelRequests.at(-1)).toMatchObject({ provider: 'openai', model: 'flag-model', baseUrl: 'http://127.0.0.1:9' });
  });

  it('says when the model is unavailable, and r shows why', async () => {
    const memory = createMemoryStudio({
      files: { ...STUDIO_FILES },
      model: async () => {
        throw new ModelUnavailableError('no Gemini API key: set GEMINI_API_KEY', { provider: 'gemini' });
      },
      settings: { provider: 'gemini' },
    });
    const app = render(<Studio dependencies={memory.dependencies} settings={memory.settings} />);
    await waitForFrame(app.lastFrame, 'gemini unavailable');
    app.stdin.write('r');
    await settle();
    const frame = await waitForFrame(app.lastFrame, 'run #1');
    expect(frame).toContain('✗ model_unavailable: no Gemini API key');
  });
});
