/**
 * Two fixes for Dredd 14.1.0 (the last release), loaded through its `require` option, which Dredd runs
 * before it reads the descriptions. Both only work around defects; neither changes which requests are
 * sent or how answers are judged. On another Dredd version this module does nothing and says so.
 *
 * 1. Query parameter names with brackets (`search[name]`). Without the fix Dredd silently compiles no
 *    transaction for the operations that have one (21 of A's 72). Its OpenAPI 3 parser
 *    (@apielements/openapi3-parser 0.16) percent-encodes query parameter names, in the URI template
 *    (`{?search%5Bname%5D}`) and in the parameter list alike; dredd-transactions 10.1.0 decodes the names
 *    it reads from the template (`search[name]`) before it looks them up in that list, finds none, calls
 *    the template ambiguous and drops the transaction. The fix has the parsed template report its
 *    variable names so that decoding them gives the encoded names back; expanding it is unchanged.
 *
 * 2. Time. With a hook file, Dredd deep-copies its whole configuration for the hooks API, including the
 *    parsed descriptions (a large element tree with parent links), with a copier that is quadratic in
 *    the number of objects: about a minute for one of these descriptions. The fix leaves the parsed
 *    trees out of the configuration the runner gets; nothing after compiling reads them (the reporters
 *    read the location and content of a description, which stay).
 */
'use strict';

const path = require('node:path');

const dreddDir = path.dirname(require.resolve('dredd/package.json', { paths: [process.cwd(), __dirname] }));
const version = require(path.join(dreddDir, 'package.json')).version;

if (version !== '14.1.0') {
  process.stderr.write(`dredd-fixes.cjs: written for Dredd 14.1.0, found ${version}; not applied\n`);
} else {
  const transactionsDir = path.dirname(require.resolve('dredd-transactions/package.json', { paths: [dreddDir] }));
  const uriTemplate = require(require.resolve('uri-template', { paths: [transactionsDir] }));
  const parse = uriTemplate.parse;
  if (!parse.conformFixed) {
    uriTemplate.parse = function parseKeepingEncodedNames(template) {
      const parsed = parse.call(this, template);
      return {
        prefix: parsed.prefix,
        expressions: parsed.expressions.map((expression) => ({
          ...expression,
          params: expression.params.map((p) => ({ ...p, name: p.name.replace(/%/g, '%25') })),
        })),
        expand: (values) => parsed.expand(values),
        toString: () => parsed.toString(),
      };
    };
    uriTemplate.parse.conformFixed = true;
  }

  const runner = require(path.join(dreddDir, 'build', 'TransactionRunner.js')).default;
  const config = runner.prototype.config;
  if (!config.conformFixed) {
    runner.prototype.config = function configWithoutParseTrees(configuration) {
      if (Array.isArray(configuration.apiDescriptions)) {
        configuration.apiDescriptions = configuration.apiDescriptions.map(({ apiElements: _parsed, ...rest }) => rest);
      }
      return config.call(this, configuration);
    };
    runner.prototype.config.conformFixed = true;
  }
}
