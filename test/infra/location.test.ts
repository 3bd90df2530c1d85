import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import {
  ADDRESS_LOOKUP_ACTIONS,
  LocationConstruct,
  MAP_KEY_ACTIONS,
} from '../../infra/constructs/location.construct';

/**
 * Amazon Location with least privilege: the API Lambda's role may only suggest and place addresses on
 * the Places provider; the browser's map key only fetches tiles, only from the app's origin.
 */
const ORIGIN = 'https://d111111abcdef8.cloudfront.net';

/** A Fn::Join of pseudo parameters as text ("${AWS::Region}"), other references as <ref>. */
function joined(value: unknown): string {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (join) return join[1].map(joined).join(join[0]);
  const ref = (value as { Ref?: string }).Ref;
  return ref?.startsWith('AWS::') ? `\${${ref}}` : '<ref>';
}

function synth() {
  const stack = new Stack(new App(), 'LocationTest', {
    env: { region: 'us-west-2', account: '111122223333' },
  });
  const location = new LocationConstruct(stack, 'Location', { appOrigin: ORIGIN });
  const api = new lambda.Function(stack, 'Api', {
    runtime: lambda.Runtime.NODEJS_22_X,
    handler: 'index.handler',
    code: lambda.Code.fromInline('exports.handler = async () => ({})'),
  });
  const other = new lambda.Function(stack, 'Other', {
    runtime: lambda.Runtime.NODEJS_22_X,
    handler: 'index.handler',
    code: lambda.Code.fromInline('exports.handler = async () => ({})'),
  });
  location.grantAddressLookup(api);
  return { stack, location, api, other, template: Template.fromStack(stack) };
}

const { stack, location, api, other, template } = synth();

describe('LocationConstruct', () => {
  it('should let the API Lambda call only Autocomplete and GetPlace on the Places provider, and turn lookup on', () => {
    const policies = template.findResources('AWS::IAM::Policy');
    const statements = Object.values(policies).flatMap(
      (p) =>
        (p as { Properties: { PolicyDocument: { Statement: Record<string, unknown>[] } } }).Properties
          .PolicyDocument.Statement,
    );
    const geo = statements.filter((s) => JSON.stringify(s.Action).includes('geo-places'));
    expect(geo.map((g) => ({ ...g, Resource: joined(g.Resource) }))).toEqual([
      {
        Effect: 'Allow',
        Action: [...ADDRESS_LOOKUP_ACTIONS],
        Resource: 'arn:${AWS::Partition}:geo-places:${AWS::Region}::provider/default',
      },
    ]);
    expect(ADDRESS_LOOKUP_ACTIONS).toEqual(['geo-places:Autocomplete', 'geo-places:GetPlace']);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: { RAINCHECK_ADDRESS_LOOKUP: 'amazon-location' } },
    });
    // Only the function granted: another function of the stack gets neither the policy nor the switch.
    const otherId = stack.getLogicalId(other.node.defaultChild as lambda.CfnFunction);
    expect(template.toJSON().Resources[otherId].Properties.Environment).toBeUndefined();
    expect(stack.getLogicalId(api.node.defaultChild as lambda.CfnFunction)).not.toBe(otherId);
  });

  it('should give the browser a map key for tiles only, from the app origin only', () => {
    template.resourceCountIs('AWS::Location::APIKey', 1);
    const [key] = Object.values(template.findResources('AWS::Location::APIKey')) as {
      Properties: { Restrictions: Record<string, unknown[]> };
    }[];
    const r = key!.Properties.Restrictions;
    expect(r.AllowActions).toEqual([...MAP_KEY_ACTIONS]);
    expect(r.AllowResources!.map(joined)).toEqual([
      'arn:${AWS::Partition}:geo-maps:${AWS::Region}::provider/default',
    ]);
    expect(r.AllowReferers).toEqual([`${ORIGIN}/*`]);
    expect(MAP_KEY_ACTIONS).toEqual(['geo-maps:GetTile']);
  });

  it('should read the key value at deploy time with DescribeKey on that key alone', () => {
    template.hasResourceProperties('Custom::AWS', {
      Create: Match.serializedJson(
        Match.objectLike({ service: 'Location', action: 'DescribeKey', outputPaths: ['Key'] }),
      ),
    });
    const keyId = stack.getLogicalId(location.mapKey);
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: [
          { Action: 'geo:DescribeKey', Effect: 'Allow', Resource: { 'Fn::GetAtt': [keyId, 'Arn'] } },
        ],
      },
    });
  });

  it('should hand the SPA Amazon Location’s style URL with the key and a colour-scheme slot', () => {
    expect(joined(stack.resolve(location.mapStyleUrl))).toBe(
      'https://maps.geo.${AWS::Region}.amazonaws.com/v2/styles/Standard/descriptor?key=<ref>&color-scheme={colorScheme}',
    );
  });
});
