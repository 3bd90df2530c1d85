import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { AuthConstruct } from '../../infra/constructs/auth.construct';

/** The auth construct alone with single sign-on on, and the custom resource that keeps the client's providers. */
function synthesize(appOrigin: string) {
  const stack = new Stack(new App(), 'Auth');
  const auth = new AuthConstruct(stack, 'Auth', { threatProtection: false });
  auth.enableSingleSignOn(appOrigin);
  const fn = new lambda.Function(stack, 'Keeper', {
    runtime: lambda.Runtime.NODEJS_22_X,
    handler: 'index.handler',
    code: lambda.Code.fromInline('exports.handler = async () => {}'),
  });
  auth.keepClientProviders(fn);
  const template = Template.fromStack(stack);
  const [id, resource] = Object.entries(template.findResources('Custom::ClientIdentityProviders'))[0]!;
  return {
    stack,
    auth,
    template,
    id,
    resource: resource as { Properties: Record<string, unknown>; DependsOn?: string[] },
  };
}

describe("the custom resource that keeps the web client's identity providers", () => {
  it('should run the given Lambda for the pool and its web client, after the client', () => {
    const { stack, auth, resource } = synthesize('https://app.example');
    const clientId = stack.getLogicalId(auth.userPoolClient.node.defaultChild as never);

    expect(resource.Properties).toMatchObject({
      ServiceToken: { 'Fn::GetAtt': [expect.stringMatching(/^Keeper/), 'Arn'] },
      UserPoolId: { Ref: stack.getLogicalId(auth.userPool.node.defaultChild as never) },
      ClientId: { Ref: clientId },
      ClientSettings: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(resource.DependsOn).toContain(clientId);
  });

  it("should change whenever the client's settings change, so every client update re-applies the providers", () => {
    const first = synthesize('https://app.example').resource.Properties.ClientSettings;
    const same = synthesize('https://app.example').resource.Properties.ClientSettings;
    const moved = synthesize('https://other.example').resource.Properties.ClientSettings;

    expect(same).toBe(first);
    expect(moved).not.toBe(first);
  });
});
