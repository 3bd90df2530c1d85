import {
  DEFAULT_TEMPLATES,
  EMAIL_AUDIENCES,
  EMAIL_KINDS,
  emailTemplateInputSchema,
  placeholderList,
  placeholderProblem,
} from '../../../shared/email';

const valid = {
  name: 'Crew notice',
  kind: 'notice',
  audience: 'worker',
  subject: '{{verdict}} at {{jobsite}}',
  body: 'Hi {{ recipientName }}, {{action}}',
};

describe('template placeholders', () => {
  it.each([
    ['{{jobsite}} on {{date}}', null],
    ['{{ hoursLost }} hours', null],
    ['no placeholders at all', null],
    ['{{jobsit}}', `Unknown placeholder {{jobsit}}. Use one of ${placeholderList}`],
    ['{{}}', `Unknown placeholder {{}}. Use one of ${placeholderList}`],
    ['{{jobsite', 'A placeholder is not closed: write it as {{name}}'],
    ['jobsite}}', 'A placeholder is not closed: write it as {{name}}'],
  ])('should judge %j as %j', (text, problem) => {
    expect(placeholderProblem(text)).toBe(problem);
  });

  it('should accept every default template', () => {
    for (const kind of EMAIL_KINDS)
      for (const audience of EMAIL_AUDIENCES) {
        const t = DEFAULT_TEMPLATES[kind][audience];
        expect(placeholderProblem(t.subject)).toBeNull();
        expect(placeholderProblem(t.body)).toBeNull();
      }
  });
});

describe('emailTemplateInputSchema', () => {
  it('should accept a valid template', () => {
    expect(emailTemplateInputSchema.parse(valid)).toMatchObject({ kind: 'notice', audience: 'worker' });
  });

  it.each([
    [
      { subject: 'Hi {{foreman}}' },
      ['subject'],
      `Unknown placeholder {{foreman}}. Use one of ${placeholderList}`,
    ],
    [{ body: '{{jobsite' }, ['body'], 'A placeholder is not closed: write it as {{name}}'],
    [{ kind: 'reminder' }, ['kind'], 'Kind must be one of notice, update, allClear'],
    [{ audience: 'boss' }, ['audience'], 'Audience must be one of worker, manager, client'],
    [{ subject: '   ' }, ['subject'], 'Subject is required'],
    [{ subject: 'two\nlines' }, ['subject'], 'Subject must be one line of text'],
    [{ name: '' }, ['name'], 'Name is required'],
    [{ body: 'x'.repeat(10_001) }, ['body'], 'Body must be at most 10000 characters'],
  ])('should refuse %j at %j with its message', (patch, path, message) => {
    const result = emailTemplateInputSchema.safeParse({ ...valid, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path, message });
  });
});
