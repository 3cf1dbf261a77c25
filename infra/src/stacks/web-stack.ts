import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CfnOutput, Duration, RemovalPolicy, SecretValue, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  KeyValueStore,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import { type Construct } from 'constructs';
import {
  type AppConfig,
  type PrerenderManifest,
  originVerifyHeader,
  prerenderManifestFile,
  routeOf,
  shortLinkPathPrefix,
  siteOriginPlaceholder,
  widgetFramePath,
  widgetScriptPath,
} from '@reviewroute/shared';
import { assetsBucketName, assetsPathPrefix, pathBeforeParams, type StageConfig } from '../config';
import { createAccessLogsBucket, privateBucketProps } from './buckets';
import { acknowledgeIamWildcards } from '../nag-acknowledgements';
import { spaRoutingCode } from './edge-functions';

export interface WebStackProps extends StackProps {
  readonly config: StageConfig;
  /** The built web app (Vite's `web/dist`); tests pass a temporary folder with an index.html. */
  readonly siteAssetDir: string;
  /** The API's own domain or `{apiId}.execute-api.{region}.amazonaws.com`, from the gateway stack. */
  readonly apiDomainName: string;
  /** The REST API's stage on the execute-api endpoint (`/live`); none on the API's own domain. */
  readonly apiOriginPath?: string;
  /** The Secrets Manager secret (by name) whose value CloudFront sends to the API as `originVerifyHeader`. */
  readonly originVerifySecretName: string;
  /** The WAF web ACL (us-east-1, edge stack) in front of the distribution. */
  readonly webAclArn: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
}

/** The distribution's id of the assets bucket's origin (the SPA routing function selects it by this id). */
const assetsOriginId = 'SurveyAssets';

/** The web app behind CloudFront: the SPA from a private bucket, `/api/*` to the REST API, `/files/*` assets. */
export class WebStack extends Stack {
  readonly distribution: Distribution;
  /** `https://{domain}`: where the app, the API and the assets are served (one origin). */
  readonly siteOrigin: string;
  readonly siteBucket: Bucket;
  /**
   * The codes of the surveys whose pages are written (value: their languages, `surveyPagesStoreValue`): the surveys
   * Lambda keeps it, the SPA routing function reads it to serve those paths from the assets bucket.
   */
  readonly surveyPagesStore: KeyValueStore;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;

    // Access logs of the site bucket (its reader is CloudFront, so no visitor's address is in them).
    const logsBucket = createAccessLogsBucket(this, 'LogsBucket');

    this.siteBucket = new Bucket(this, 'SiteBucket', {
      ...privateBucketProps,
      serverAccessLogsBucket: logsBucket,
      serverAccessLogsPrefix: 's3/site/',
      // A build output, but BucketDeployment keeps its files on delete and CloudFormation cannot delete a
      // non-empty bucket: retain rather than fail a stack deletion.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // Imported by its deterministic name: the storage stack owns it and depends on this stack.
    const assetsBucket: IBucket = Bucket.fromBucketAttributes(this, 'AssetsBucket', {
      bucketName: assetsBucketName(this, config.stage),
      region: this.region,
    });
    const assetsOrigin = `https://${assetsBucket.bucketRegionalDomainName}`;

    // CSP for the SPA. Scripts only from our origin. style-src needs 'unsafe-inline': sonner and Radix
    // inject <style> elements / style attributes at runtime (Tailwind itself is an external CSS file).
    // connect-src: our API (self), Cognito (Amplify) and the assets bucket (presigned POST uploads).
    const csp = [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      `connect-src 'self' https://cognito-idp.${this.region}.amazonaws.com ${assetsOrigin}`,
      "manifest-src 'self'",
      "worker-src 'self' blob:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      'upgrade-insecure-requests',
    ].join('; ');

    // Both header policies below hold browsers to HTTPS for two years, subdomains too, on the preload list.
    const strictTransportSecurity = {
      accessControlMaxAge: Duration.days(730),
      includeSubdomains: true,
      preload: true,
      override: true,
    };
    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'ReviewRoute security headers',
      securityHeadersBehavior: {
        strictTransportSecurity,
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()', override: true },
        ],
      },
    });

    // The reviews widget's script and iframe page, loaded and framed by the owners' own sites (decisions 27): the
    // site's headers but any frame ancestor (no X-Frame-Options, `frame-ancestors *`; the page runs only our widget
    // script and reads only our API, so the rest of the CSP stays as strict), and kept by browsers for 5 minutes
    // (every visit of the owner's page would otherwise revalidate them: the deploy marks them no-cache).
    const widgetHeaders = new ResponseHeadersPolicy(this, 'WidgetHeaders', {
      comment: 'ReviewRoute reviews widget: security headers, framed by any site, cached 5 minutes',
      securityHeadersBehavior: {
        strictTransportSecurity,
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        contentSecurityPolicy: {
          contentSecurityPolicy: csp.replace("frame-ancestors 'none'", 'frame-ancestors *'),
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Cache-Control', value: 'public, max-age=300', override: true }],
      },
    });

    // The build's prerendered public pages (absent from a bare build, as in the stack's unit tests).
    const manifestPath = path.join(props.siteAssetDir, prerenderManifestFile);
    const prerendered: PrerenderManifest = existsSync(manifestPath)
      ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as PrerenderManifest)
      : { pages: {}, filesWithOrigin: [] };

    // The assets bucket's public prefix, one origin (by a fixed id the routing function selects) for `/files/*` and
    // the surveys' written pages.
    const assetsBucketOrigin = S3BucketOrigin.withOriginAccessControl(assetsBucket, { originId: assetsOriginId });
    this.surveyPagesStore = new KeyValueStore(this, 'SurveyPagesStore', {
      comment: 'ReviewRoute: surveys whose pages are written (code -> languages)',
    });
    const spaRouting = new CloudFrontFunction(this, 'SpaRouting', {
      code: FunctionCode.fromInline(spaRoutingCode(prerendered.pages, { assetsOriginId })),
      runtime: FunctionRuntime.JS_2_0,
      keyValueStore: this.surveyPagesStore,
      comment: 'Prerendered pages, written survey pages, survey.html for other survey links, index.html for routes',
    });

    // The origin-verify header: the API trusts CloudFront-Viewer-Address (its per-client limits) only on
    // requests that carry it, and CloudFront replaces any same-named header a viewer sends. The value is a
    // dynamic reference, resolved by CloudFormation at deploy time; it is never in the template.
    const originVerify = SecretValue.secretsManager(props.originVerifySecretName).unsafeUnwrap();
    const apiOrigin = new HttpOrigin(props.apiDomainName, {
      ...(props.apiOriginPath ? { originPath: props.apiOriginPath } : {}),
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      customHeaders: {
        [originVerifyHeader]: originVerify,
        // A new value here changes the origin's configuration, so CloudFormation resolves the secret again.
        ...(config.originVerifyRotation ? { [`${originVerifyHeader}-rotation`]: config.originVerifyRotation } : {}),
      },
    });
    // The public survey read is the same for everyone: CloudFront keeps it as long as the API's own
    // Cache-Control says (60 s, 10 s for a 404), capped at 5 minutes, and nothing but the path is in the
    // key. Without a Cache-Control from the API (submits, errors) nothing is cached (default TTL 0).
    const publicSurveyCache = new CachePolicy(this, 'PublicSurveyCache', {
      comment: 'ReviewRoute public survey read: honour the API Cache-Control, path-only key',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(300),
      headerBehavior: CacheHeaderBehavior.none(),
      cookieBehavior: CacheCookieBehavior.none(),
      queryStringBehavior: CacheQueryStringBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    // What the public API needs from the viewer, and no more: the JSON content type of a submit, the user
    // agent (stored with a response) and the viewer's address (hashed for the per-client submit limit;
    // the gateway's own source IP would be CloudFront's). Never Host: API Gateway routes on its own.
    const publicApiRequest = new OriginRequestPolicy(this, 'PublicApiRequest', {
      comment: 'ReviewRoute public API: content type, user agent, viewer address',
      headerBehavior: OriginRequestHeaderBehavior.allowList(
        'Accept',
        'Content-Type',
        'User-Agent',
        'CloudFront-Viewer-Address',
      ),
      cookieBehavior: OriginRequestCookieBehavior.none(),
      queryStringBehavior: OriginRequestQueryStringBehavior.none(),
    });

    // The site bucket, one origin for the default behaviour and the widget's frame page.
    const siteBucketOrigin = S3BucketOrigin.withOriginAccessControl(this.siteBucket);

    // With a custom domain the certificate pins TLSv1.2_2021; the default *.cloudfront.net certificate
    // cannot be pinned (CDK ignores minimumProtocolVersion without a certificate).
    const domain =
      config.domainName && config.certificateArn
        ? {
            domainNames: [config.domainName],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', config.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {};

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `ReviewRoute ${config.stage}`,
      ...domain,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      webAclId: props.webAclArn,
      defaultBehavior: {
        origin: siteBucketOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
        functionAssociations: [{ function: spaRouting, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // Listed (and so matched) before /api/*. GET/HEAD of a survey are cached; the submit POSTs under
        // the same path pass through uncached (CloudFront caches GET/HEAD only).
        [`${pathBeforeParams('get-public-survey')}*`]: {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachedMethods: CachedMethods.CACHE_GET_HEAD,
          cachePolicy: publicSurveyCache,
          originRequestPolicy: publicApiRequest,
          responseHeadersPolicy: securityHeaders,
          compress: true,
        },
        // The contact form: never cached; the viewer address reaches the API for its per-client limit.
        [routeOf('send-contact-email').path]: {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: publicApiRequest,
          responseHeadersPolicy: securityHeaders,
          compress: true,
        },
        // A text's short links (`/r/{code}`): the API answers the redirect, never cached (each code is one customer's).
        [`${shortLinkPathPrefix}*`]: {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: publicApiRequest,
          responseHeadersPolicy: securityHeaders,
        },
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Everything but Host: API Gateway routes on its own host name; Authorization must pass through.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          compress: true,
        },
        ...Object.fromEntries(
          [widgetScriptPath, widgetFramePath].map((widgetPath) => [
            widgetPath,
            {
              origin: siteBucketOrigin,
              viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
              cachePolicy: CachePolicy.CACHING_OPTIMIZED,
              responseHeadersPolicy: widgetHeaders,
              compress: true,
            },
          ]),
        ),
        // The bucket's public prefix at the same path; the storage stack lets CloudFront read that prefix only.
        [`${assetsPathPrefix}/*`]: {
          origin: assetsBucketOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachedMethods: CachedMethods.CACHE_GET_HEAD,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: securityHeaders,
          compress: true,
        },
      },
    });
    Validations.of(this).acknowledge({
      id: 'annotation::@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      reason:
        'The survey-assets bucket lives in the storage stack, which grants this distribution s3:GetObject ' +
        '(OAC, AWS:SourceArn) itself; it deploys after this stack to avoid a dependency cycle.',
    });

    this.siteOrigin = config.domainName
      ? `https://${config.domainName}`
      : `https://${this.distribution.distributionDomainName}`;

    // Hashed build output (Vite's assets/) is immutable; old files stay so open tabs keep working.
    new BucketDeployment(this, 'DeployStaticAssets', {
      sources: [Source.asset(props.siteAssetDir)],
      destinationBucket: this.siteBucket,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      memoryLimit: 512,
    });
    // Everything else (index.html, config.json, icons) is revalidated on every load.
    new BucketDeployment(this, 'DeploySite', {
      sources: [
        Source.asset(props.siteAssetDir),
        Source.jsonData('config.json', {
          region: this.region,
          userPoolId: props.userPoolId,
          userPoolClientId: props.userPoolClientId,
          authFlowType: 'USER_SRP_AUTH',
          // The places Lambda reads its key from this parameter; without one it answers PLACES_NOT_CONFIGURED.
          placeSearch: config.placesApiKeyParameter !== undefined,
        } satisfies AppConfig),
        // Prerendered pages, sitemap and robots.txt with their absolute links pointing at this site (the build
        // cannot know the CloudFront domain). Listed after the asset, so these copies replace its own.
        ...prerendered.filesWithOrigin.map((file) =>
          Source.data(
            file,
            readFileSync(path.join(props.siteAssetDir, file), 'utf8')
              .split(siteOriginPlaceholder)
              .join(this.siteOrigin),
          ),
        ),
      ],
      destinationBucket: this.siteBucket,
      exclude: ['assets/*'],
      prune: true,
      cacheControl: [CacheControl.fromString('no-cache')],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });

    // BucketDeployment's provider is a CDK-managed singleton Lambda created at stack level; its role and
    // policy are generated by aws-cdk-lib (copy from the CDK asset bucket, write/prune the site bucket,
    // invalidate this distribution). Acknowledged as a whole, each finding by its own id.
    for (const child of this.node.children) {
      if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
      const policy = child.node.tryFindChild('ServiceRole')?.node.tryFindChild('DefaultPolicy')?.node.defaultChild;
      if (!(policy instanceof CfnPolicy)) throw new Error('BucketDeployment provider policy not found');
      acknowledgeIamWildcards(
        child,
        policy,
        'CDK BucketDeployment provider (CDK-managed): its generated policy reads the CDK asset bucket and ' +
          'syncs/prunes the site bucket (s3:GetObject*/List*/DeleteObject*/Abort* on <bucket>/*) and creates ' +
          'CloudFront invalidations (no resource-level permissions, hence *). Runs only during deployments.',
      );
      Validations.of(child).acknowledge(
        {
          id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          reason:
            'CDK BucketDeployment provider (CDK-managed): the AWS managed basic role only lets it write its own logs.',
        },
        {
          id: 'AwsSolutions-L1',
          reason: 'CDK BucketDeployment provider (CDK-managed): its runtime is chosen and updated by aws-cdk-lib.',
        },
      );
    }

    if (!config.certificateArn) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'No custom domain configured for this stage yet: the default *.cloudfront.net certificate cannot pin ' +
          'TLSv1.2. Set the domainName + certificateArn context values to serve TLSv1.2_2021 only.',
      });
    }
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'The product serves every country; no geo restriction.',
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR3',
      reason:
        'Standard logging is off on purpose: its log lines carry the viewer IP, and the privacy promise is that ' +
        'no IP address is stored (decisions 14). Requests are counted in CloudFront metrics, API access logs ' +
        '(without IPs) and WAF logs (blocked requests only, one week).',
    });

    new CfnOutput(this, 'SiteUrl', { value: this.siteOrigin });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
  }
}
