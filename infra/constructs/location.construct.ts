import { Aws, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as location from 'aws-cdk-lib/aws-location';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import type * as lambda from 'aws-cdk-lib/aws-lambda';

export interface LocationConstructProps {
  /** The app's origin (the CloudFront URL): the only referer the map key answers. */
  readonly appOrigin: string;
}

/** What the API Lambda may ask Amazon Location Places: suggestions, then the point of the one picked. */
export const ADDRESS_LOOKUP_ACTIONS = ['geo-places:Autocomplete', 'geo-places:GetPlace'] as const;
/** What the map key allows the browser: basemap tiles, nothing else (no static maps, no places). */
export const MAP_KEY_ACTIONS = ['geo-maps:GetTile'] as const;

/**
 * Amazon Location Service, both halves with the least they need:
 * - street-address lookup (issue 20) runs in the API Lambda with its role, limited to Autocomplete and
 *   GetPlace on the AWS-managed Places provider: no key to store, rotate or leak;
 * - the basemap is drawn by the browser, which cannot sign requests, so it gets an API key limited to
 *   GetTile on the Maps provider and to requests whose Referer is the app's origin. Its value reaches
 *   the SPA in config.json (`mapStyleUrl`) through a deploy-time DescribeKey call.
 */
export class LocationConstruct extends Construct {
  readonly mapKey: location.CfnAPIKey;
  /** Amazon Location's Standard style with the key; `{colorScheme}` is filled in by the SPA. */
  readonly mapStyleUrl: string;

  constructor(scope: Construct, id: string, props: LocationConstructProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const keyName = `${stack.stackName}-map`;

    this.mapKey = new location.CfnAPIKey(this, 'MapKey', {
      keyName,
      description: 'Raincheck SPA basemap: map tiles only, from the app origin only',
      // A browser key with a referer and action fence; rotated by replacing it (docs/operations.md).
      noExpiry: true,
      restrictions: {
        allowActions: [...MAP_KEY_ACTIONS],
        allowResources: [`arn:${Aws.PARTITION}:geo-maps:${Aws.REGION}::provider/default`],
        allowReferers: [`${props.appOrigin}/*`],
      },
    });

    const describe: cr.AwsSdkCall = {
      service: 'Location',
      action: 'DescribeKey',
      parameters: { KeyName: keyName },
      physicalResourceId: cr.PhysicalResourceId.of(keyName),
      outputPaths: ['Key'],
    };
    const keyValue = new cr.AwsCustomResource(this, 'MapKeyValue', {
      onCreate: describe,
      onUpdate: describe,
      policy: cr.AwsCustomResourcePolicy.fromSdkCalls({ resources: [this.mapKey.attrArn] }),
      installLatestAwsSdk: false,
    });
    keyValue.node.addDependency(this.mapKey);
    this.mapStyleUrl = `https://maps.geo.${Aws.REGION}.amazonaws.com/v2/styles/Standard/descriptor?key=${keyValue.getResponseField('Key')}&color-scheme={colorScheme}`;
    this.acknowledgeKeyReader(stack);
  }

  /** Lets a function look up street addresses with its own role (and tells it so). */
  grantAddressLookup(fn: lambda.Function): void {
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: [...ADDRESS_LOOKUP_ACTIONS],
        resources: [`arn:${Aws.PARTITION}:geo-places:${Aws.REGION}::provider/default`],
      }),
    );
    fn.addEnvironment('RAINCHECK_ADDRESS_LOOKUP', 'amazon-location');
  }

  /** AwsCustomResource's one provider Lambda per stack runs at deploy time only, as aws-cdk-lib defines it. */
  private acknowledgeKeyReader(stack: Stack): void {
    const target = stack.node.tryFindChild(
      `AWS${cr.AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '')}`,
    );
    if (!target) throw new Error('AwsCustomResource provider not found: has aws-cdk-lib changed its layout?');
    const nag = Validations.of(target);
    nag.acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason:
        'Role of the AwsCustomResource provider as aws-cdk-lib defines it: it only writes its own logs.',
    });
    nag.acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'The AwsCustomResource provider runs on the Node.js runtime aws-cdk-lib pins for it.',
    });
  }
}
