# A Rakefile's tasks.
require 'json'

module Docs
  class Site
    attr_reader :pages

    def initialize(root)
      @root = root
      @pages = []
    end

    def build(strict: false)
      @pages.each do |page|
        puts "Building #{page}"
        raise ArgumentError, 'no title' if page.nil?
      end
      strict ? 1 : 0
    end
  end
end

site = Docs::Site.new('docs')
site.build(strict: true)
